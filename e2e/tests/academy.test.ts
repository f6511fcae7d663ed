import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { closeBrowser, DEMO_PASSWORD, eventually, signIn, textOf, waitForPath, withPage } from '../support/browser.ts';
import { tr } from '../support/i18n.ts';

void describe('academy', { timeout: 120_000 }, () => {
  after(closeBrowser);

  void it(
    'a sales agent pages through slides, plays the video and the audio, and downloads a document',
    withPage(async (page) => {
      await signIn(page, 'sa@demo.test', DEMO_PASSWORD);
      await page.getByTestId('side-nav').locator('[data-screen="academy"]').click();
      await waitForPath(page, '/sa-dashboard/academy');
      await page.getByTestId('academy-panel-slides').waitFor();
      assert.equal(await textOf(page.getByRole('heading', { level: 1 })), tr('de', 'screens.academy'));
      assert.equal(await page.getByTestId('academy-add-category').count(), 0, 'no admin controls for a sales agent');

      await page.getByTestId('academy-slide').first().getByRole('button').click();
      const counter = page.getByTestId('slide-counter');
      await eventually(async () => assert.equal(await textOf(counter), '1 / 4'));
      await page.keyboard.press('ArrowRight');
      await eventually(async () => assert.equal(await textOf(counter), '2 / 4'));
      await page.getByTestId('slide-next').click();
      await eventually(async () => assert.equal(await textOf(counter), '3 / 4'));
      await page.keyboard.press('ArrowLeft');
      await eventually(async () => assert.equal(await textOf(counter), '2 / 4'));
      assert.ok(await page.getByTestId('slide-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
      await page.keyboard.press('Escape');
      await page.getByTestId('slide-viewer').waitFor({ state: 'detached' });

      await page.getByTestId('academy-tab-videos').click();
      const video = await page
        .locator('video')
        .first()
        .evaluate(async (v: HTMLVideoElement) => {
          if (v.readyState < 1) {
            await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
          }
          v.muted = true;
          await v.play();
          // Playing: its time has moved on (a timeupdate past 0), within 5 s.
          // (No named functions in here: the page does not have the helper the test runner names them with.)
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('the video did not play within 5 s')), 5000);
            const done = new AbortController();
            v.addEventListener(
              'timeupdate',
              () => {
                if (v.currentTime > 0) {
                  clearTimeout(timer);
                  done.abort();
                  resolve();
                }
              },
              { signal: done.signal },
            );
          });
          v.currentTime = 2; // a byte range: seeking works
          await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
          return { duration: v.duration, time: v.currentTime, width: v.videoWidth, error: v.error?.code ?? null };
        });
      assert.equal(video.error, null);
      assert.ok(video.duration > 2, `video duration ${video.duration}`);
      assert.ok(video.width > 0);
      assert.ok(video.time >= 1.9, `seeked to ${video.time}`);

      await page.getByTestId('academy-tab-audios').click();
      const audio = await page
        .locator('audio')
        .first()
        .evaluate(async (a: HTMLAudioElement) => {
          if (a.readyState < 1) {
            await new Promise((resolve) => a.addEventListener('loadedmetadata', resolve, { once: true }));
          }
          a.muted = true;
          await a.play();
          return { duration: a.duration, error: a.error?.code ?? null };
        });
      assert.equal(audio.error, null);
      assert.ok(audio.duration > 1, `audio duration ${audio.duration}`);

      await page.getByTestId('academy-tab-docs').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('academy-doc-download').first().click()]);
      const pdf = readFileSync(await download.path());
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    }),
  );

  void it(
    'an admin adds a slide deck, uploads a slide, sees it, and deletes the deck again',
    withPage(async (page) => {
      await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
      await page.goto('/admin-dashboard/academy?tab=slides');
      const image = await page.request.get((await page.getByTestId('academy-slide').first().locator('img').getAttribute('src'))!);
      const name = `E2E-Satz ${Date.now()}`;

      await page.getByTestId('academy-add-category').click();
      await page.getByTestId('academy-category-form').locator('input').fill(name);
      await page.getByTestId('academy-category-save').click();
      const deck = page.getByTestId('academy-category').filter({ has: page.getByRole('heading', { name }) });
      await deck.getByTestId('academy-category-empty').waitFor();

      await deck.getByTestId('academy-add-item').click();
      await page.getByTestId('academy-file-input').setInputFiles({ name: 'folie.png', mimeType: 'image/png', buffer: await image.body() });
      await page.getByTestId('academy-item-save').click();
      await deck.getByTestId('academy-slide').waitFor();
      assert.equal(await textOf(deck.getByTestId('academy-slide')), '1. folie');

      await deck.getByTestId('academy-delete-category').click();
      await page.getByTestId('academy-confirm-button').click();
      await deck.waitFor({ state: 'detached' });
    }),
  );
});
