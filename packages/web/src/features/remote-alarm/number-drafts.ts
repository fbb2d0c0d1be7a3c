import {
  REMOTE_ALARM_NAME_MAX,
  normaliseRecipientAddress,
  recipientAddressProblem,
  type AddressProblem,
  type AlarmCallNumber,
  type AlarmChannel,
  type CallNumberInput,
} from '@leitwarte/core';
import type { ParseKeys } from 'i18next';

/** A call number being edited; `id` is absent for a new one. */
export interface NumberDraft {
  key: string;
  id?: number;
  name: string;
  number: string;
  channel: AlarmChannel;
  categoryId: number | null;
  active: boolean;
}

export const draftOf = (n: AlarmCallNumber): NumberDraft => ({
  key: `n${n.id}`,
  id: n.id,
  name: n.name,
  number: n.number,
  channel: n.channel,
  categoryId: n.categoryId,
  active: n.active,
});

const ADDRESS_KEYS: Record<AddressProblem, ParseKeys> = {
  empty: 'remoteAlarm.edit.problems.empty',
  tooLong: 'remoteAlarm.edit.problems.tooLong',
  phoneFormat: 'remoteAlarm.edit.problems.phoneFormat',
  phoneInvalid: 'remoteAlarm.edit.problems.phoneInvalid',
  email: 'remoteAlarm.edit.problems.email',
  pushTopic: 'remoteAlarm.edit.problems.pushTopic',
  webhookId: 'remoteAlarm.edit.problems.webhookId',
};

/** What is wrong with a draft, as catalogue keys (the same rules the server applies). */
export function draftProblems(draft: NumberDraft, country: string): { name?: ParseKeys; number?: ParseKeys } {
  const name = draft.name.trim();
  const problems: { name?: ParseKeys; number?: ParseKeys } = {};
  if (name === '') problems.name = 'remoteAlarm.edit.problems.nameEmpty';
  // eslint-disable-next-line no-control-regex
  else if (name.length > REMOTE_ALARM_NAME_MAX || /[\u0000-\u001f\u007f]/.test(name))
    problems.name = 'remoteAlarm.edit.problems.nameInvalid';
  const address = recipientAddressProblem(draft.channel, draft.number, country);
  if (address) problems.number = ADDRESS_KEYS[address];
  return problems;
}

/** The drafts that are new or differ from what is stored, as the save call takes them. */
export function changedInputs(
  drafts: readonly NumberDraft[],
  stored: ReadonlyMap<number, AlarmCallNumber>,
): CallNumberInput[] {
  return drafts.flatMap((d) => {
    const input: CallNumberInput = {
      ...(d.id === undefined ? {} : { id: d.id }),
      name: d.name.trim(),
      number: normaliseRecipientAddress(d.channel, d.number),
      active: d.active,
      categoryId: d.categoryId,
      channel: d.channel,
    };
    const before = d.id === undefined ? undefined : stored.get(d.id);
    const same =
      before !== undefined &&
      before.name === input.name &&
      before.number === input.number &&
      before.active === input.active &&
      before.categoryId === input.categoryId &&
      before.channel === input.channel;
    return same ? [] : [input];
  });
}
