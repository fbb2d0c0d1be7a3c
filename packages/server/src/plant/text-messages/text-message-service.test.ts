import type { TextMessage } from '@leitwarte/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { DEMO_PLANT_PATH } from '../index.js';
import { plantContentPath } from '../remote-alarm/index.js';
import { createTextMessageService, loadTextMessagesContent } from './index.js';

const content = loadTextMessagesContent(plantContentPath(DEMO_PLANT_PATH, 'text-messages.json'));
const T0 = Date.UTC(2025, 5, 10, 8, 0, 0);
const operator = { userId: 2, username: 'meier', role: 'operator' };
const viewer = { userId: 3, username: 'gast', role: 'viewer' };

describe.each(BOTH_DIALECTS)('visualisation text messages on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  const service = () =>
    createTextMessageService({
      store,
      content,
      now: () => T0,
      canEditText: (actor) => actor.role !== 'viewer',
    });

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  it('gets texts by id and lists unknown ids', async () => {
    const texts = service();
    await texts.start();
    expect(content.messages.length).toBeGreaterThanOrEqual(5);
    const reply = await texts.get([2, 1, 4711, 2]);
    expect(reply.status).toBe('Success');
    expect(reply.messages.map((m) => m.id)).toEqual([1, 2]);
    expect(reply.messages[0]?.message).toMatch(/Bereitschaft/);
    expect(reply.missingIds).toEqual([4711]);
    expect((await texts.get([])).messages).toEqual([]);
  });

  it('sets texts, audits and announces; refuses empty texts, unknown ids and missing rights', async () => {
    const texts = service();
    await texts.start();
    const announced: TextMessage[] = [];
    texts.onMessage((m) => announced.push(m));
    const before = await texts.get([1, 2]);

    const empty = await texts.set(operator, [
      { textId: 1, targetValue: 'Neu' },
      { textId: 2, targetValue: '   ' },
    ]);
    expect(empty).toMatchObject({ status: 'Failed', message: 'Text 2: Text darf nicht leer sein.' });
    expect((await texts.set(operator, [{ textId: 4711, targetValue: 'x' }])).missingIds).toEqual([4711]);
    expect((await texts.set(operator, [{ textId: 1, targetValue: 'a\u0007' }])).status).toBe('Failed');
    expect((await texts.set(operator, [{ textId: 1, targetValue: 'x'.repeat(501) }])).status).toBe('Failed');
    expect((await texts.set(viewer, [{ textId: 1, targetValue: 'Neu' }])).status).toBe('Unauthorized');
    expect(await texts.get([1, 2])).toEqual(before);
    expect(announced).toEqual([]);

    const ok = await texts.set(operator, [
      { textId: 1, targetValue: 'Bereitschaft ab Montag: Sabine Krüger' },
    ]);
    expect(ok).toMatchObject({ status: 'Success', message: null });
    expect(ok.messages).toEqual([{ id: 1, message: 'Bereitschaft ab Montag: Sabine Krüger' }]);
    expect(announced).toEqual(ok.messages);
    const [row] = await store.audit.range(0, T0 + 1, 10);
    expect(row).toMatchObject({ action: 'textMessage.set', object: 'text 1', username: 'meier' });
    expect(row?.old_value).toBe(before.messages[0]?.message);

    // Seeding again keeps the edited text.
    await service().start();
    expect((await texts.get([1])).messages[0]?.message).toBe('Bereitschaft ab Montag: Sabine Krüger');
  });
});
