import type { ClientSummaryDto } from '@bo/domain';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useDeleteClient, useInitiateCall, useLink, useMergeDuplicate, useUpdateLinkedAgent, type LinkKind } from './api.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { BookClientDialog } from '../calendar/book-client-dialog.tsx';
import { clientName } from './client-bits.tsx';
import { LinkClientDialog, LinkedAgentDialog } from './link-dialogs.tsx';

type Client = Pick<ClientSummaryDto, 'id' | 'name' | 'surname'>;

export interface ClientActions {
  /** `/ca-dashboard`: where the user pages of this role live. */
  base: string;
  remove: (client: Client) => void;
  merge: (keep: Client, duplicate: Client) => void;
  unlink: (kind: LinkKind, client: Client, other: Client) => void;
  link: (kind: LinkKind, client: ClientSummaryDto) => void;
  changeAgent: (client: ClientSummaryDto) => void;
  call: (client: Client) => void;
  /** Opens the calendar dialog to book a demo or service for the client. */
  book: (client: Client) => void;
}

const Context = createContext<ClientActions | null>(null);

export function useClientActions(): ClientActions {
  const actions = useContext(Context);
  if (!actions) {
    throw new Error('useClientActions outside ClientActionsProvider');
  }
  return actions;
}

type Pending =
  | { kind: 'delete'; client: Client }
  | { kind: 'merge'; keep: Client; duplicate: Client }
  | { kind: 'unlink'; link: LinkKind; client: Client; other: Client }
  | { kind: 'link'; link: LinkKind; client: ClientSummaryDto }
  | { kind: 'agent'; client: ClientSummaryDto }
  | { kind: 'book'; client: Client };

const ERROR_KEYS = {
  link: { cohabitant: 'clients:link_cohabitant_error', block_neighbor: 'clients:link_block_error' },
  unlink: { cohabitant: 'clients:unlink_cohabitant_error', block_neighbor: 'clients:unlink_block_error' },
} as const;

/**
 * The row actions of the clients list (spec 2): delete, merge, link and unlink, linked agent, call.
 * Every destructive one asks first and names what is lost; failures show the spec 8 message keys.
 */
/** What the viewer may do with a client, its row says (can_*); with the list as a whole, the list (can_export). */
export function ClientActionsProvider({ base, children }: { base: string; children: ReactNode }) {
  const { t } = useTranslation(['clients']);
  const { t: tc } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const remove = useDeleteClient();
  const merge = useMergeDuplicate();
  const link = useLink();
  const agent = useUpdateLinkedAgent();
  const call = useInitiateCall();
  const close = () => setPending(null);
  const fail = (key: string) => (err: unknown) => snackbar.show(t(key, { reason: errorMessage(err, tc) }));

  const actions = useMemo<ClientActions>(
    () => ({
      base,
      remove: (client) => setPending({ kind: 'delete', client }),
      merge: (keep, duplicate) => setPending({ kind: 'merge', keep, duplicate }),
      unlink: (kind, client, other) => setPending({ kind: 'unlink', link: kind, client, other }),
      link: (kind, client) => setPending({ kind: 'link', link: kind, client }),
      changeAgent: (client) => setPending({ kind: 'agent', client }),
      book: (client) => setPending({ kind: 'book', client }),
      call: (client) =>
        call.mutate(client.id, {
          onSuccess: ({ data }) => snackbar.show(t('clients:callStarted', { name: clientName(client), number: data.number }), 'info'),
          onError: (err) => snackbar.show(t('clients:initiate_call_error', { reason: errorMessage(err, tc) })),
        }),
    }),
    // The mutation objects change on every state change; their `mutate` is stable.
    [base, t, tc, call.mutate],
  );

  const confirm = (): { title: string; text: string; confirm: string; run: () => void; busy: boolean } | null => {
    switch (pending?.kind) {
      case 'delete': {
        const { client } = pending;
        return {
          title: t('clients:confirm.deleteTitle'),
          text: t('clients:confirm.deleteText', { name: clientName(client), id: client.id }),
          confirm: t('clients:actions.delete'),
          busy: remove.isPending,
          run: () =>
            remove.mutate(client.id, {
              onSuccess: () => {
                close();
                snackbar.show(t('clients:deleted', { name: clientName(client) }), 'success');
              },
              onError: (err) => {
                close();
                snackbar.show(errorMessage(err, tc));
              },
            }),
        };
      }
      case 'merge': {
        const { keep, duplicate } = pending;
        return {
          title: t('clients:confirm.mergeTitle'),
          text: t('clients:confirm.mergeText', {
            keep: clientName(keep),
            keepId: keep.id,
            merge: clientName(duplicate),
            mergeId: duplicate.id,
          }),
          confirm: t('clients:actions.merge'),
          busy: merge.isPending,
          run: () =>
            merge.mutate(
              { keep_id: keep.id, merge_id: duplicate.id },
              {
                onSuccess: () => {
                  close();
                  snackbar.show(t('clients:merged', { name: clientName(keep) }), 'success');
                },
                onError: (err) => {
                  close();
                  fail('clients:merge_duplicate_error')(err);
                },
              },
            ),
        };
      }
      case 'unlink': {
        const { client, other, link: kind } = pending;
        return {
          title: t(`clients:confirm.unlinkTitle_${kind}`),
          text: t(`clients:confirm.unlinkText_${kind}`, { name: clientName(client), other: clientName(other) }),
          confirm: t('clients:actions.unlink'),
          busy: link.isPending,
          run: () =>
            link.mutate(
              { kind, unlink: true, body: { user_id: client.id, other_id: other.id } },
              {
                onSuccess: () => {
                  close();
                  snackbar.show(t('clients:unlinked'), 'success');
                },
                onError: (err) => {
                  close();
                  fail(ERROR_KEYS.unlink[kind])(err);
                },
              },
            ),
        };
      }
      case 'link':
      case 'agent':
      case 'book':
      case undefined:
        return null;
    }
  };
  const dialog = confirm();

  return (
    <Context.Provider value={actions}>
      {children}
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        text={dialog?.text ?? ''}
        confirm={dialog?.confirm ?? ''}
        pending={dialog?.busy ?? false}
        onConfirm={() => dialog?.run()}
        onClose={close}
      />
      {pending?.kind === 'link' && (
        <LinkClientDialog
          kind={pending.link}
          client={pending.client}
          pending={link.isPending}
          onClose={close}
          onLink={(other) =>
            link.mutate(
              { kind: pending.link, unlink: false, body: { user_id: pending.client.id, other_id: other.id } },
              {
                onSuccess: () => {
                  close();
                  snackbar.show(t('clients:linked'), 'success');
                },
                onError: fail(ERROR_KEYS.link[pending.link]),
              },
            )
          }
        />
      )}
      {pending?.kind === 'agent' && (
        <LinkedAgentDialog
          client={pending.client}
          pending={agent.isPending}
          onClose={close}
          onSave={(agentId) =>
            agent.mutate(
              { id: pending.client.id, agentId },
              {
                onSuccess: () => {
                  close();
                  snackbar.show(t('clients:agentUpdated'), 'success');
                },
                onError: fail('clients:link_agent_error'),
              },
            )
          }
        />
      )}
      {pending?.kind === 'book' && <BookClientDialog clientId={pending.client.id} onClose={close} />}
    </Context.Provider>
  );
}
