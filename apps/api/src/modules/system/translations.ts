import fs from 'node:fs/promises';
import path from 'node:path';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../audit/index.ts';
import { insertAdditions, listAdditions } from './repo.ts';

type Tree = { [key: string]: string | Tree };

// Segments that would walk into Object.prototype instead of the tree: never part of a key we use.
const UNSAFE_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

function isSafeKey(key: string): boolean {
  return !key.split('.').some((part) => UNSAFE_SEGMENTS.has(part));
}

/** Adds the key unless something is already there or on its way: what the tree has (shipped keys) wins. */
function setPath(tree: Tree, key: string, value: string): void {
  if (!isSafeKey(key)) {
    return;
  }
  const parts = key.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    if (!Object.hasOwn(node, part)) {
      node[part] = {};
    }
    const next = node[part];
    if (typeof next !== 'object') {
      return;
    }
    node = next;
  }
  const last = parts.at(-1)!;
  if (!Object.hasOwn(node, last)) {
    node[last] = value;
  }
}

function hasPath(tree: Tree, key: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) {
      return false;
    }
    node = node[part];
  }
  return typeof node === 'string';
}

/** The shipped file of a namespace, with the keys added at run time merged in (shipped keys win). */
export async function readNamespace(db: Db, dir: string, lng: string, ns: string): Promise<Tree | undefined> {
  const text = await fs.readFile(path.join(dir, lng, `${ns}.json`), 'utf8').catch(() => undefined);
  if (text === undefined) {
    return undefined;
  }
  const tree = JSON.parse(text) as Tree;
  const added = await listAdditions(db, lng, ns);
  for (const row of added) {
    if (!hasPath(tree, row.key)) {
      setPath(tree, row.key, row.value);
    }
  }
  return tree;
}

/** Keys the browser found missing, added for everyone (shipped keys win) and written to the audit log. */
export async function addMissing(
  db: Db,
  actor: Actor,
  target: { lng: string; ns: string },
  entries: Record<string, string>,
  meta: RequestMeta,
): Promise<number> {
  const { lng, ns } = target;
  const rows = Object.entries(entries)
    .filter(([key]) => isSafeKey(key))
    .map(([key, value]) => ({ lng, ns, key, value, createdById: actor.userId }));
  const added = rows.length === 0 ? 0 : await insertAdditions(db, rows);
  await audit(db, { actorId: actor.userId, action: 'translations.added', ip: meta.ip, details: { lng, ns, added } });
  return added;
}
