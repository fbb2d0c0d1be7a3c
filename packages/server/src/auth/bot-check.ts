import { randomBytes } from 'node:crypto';
import type { BotCheckChallenge } from '@leitwarte/core';
import type { Config } from '../config.js';
import type { MetaRepository } from '../store/meta-repository.js';
import { createProofOfWork } from './proof-of-work.js';
import { verifyRecaptcha } from './recaptcha.js';

/** What the bot check says about a login's token: pass, refuse, or cannot tell right now. */
export type BotCheckResult = 'ok' | 'refused' | 'unavailable';

export interface BotCheck {
  challenge(): BotCheckChallenge;
  verify(token: string | undefined, remoteIp: string): Promise<BotCheckResult>;
}

type BotCheckConfig = Pick<
  Config,
  'recaptchaSiteKey' | 'recaptchaSecret' | 'recaptchaVerifyUrl' | 'botCheckBits'
>;

/**
 * reCAPTCHA when a site key and secret are configured, otherwise the self-hosted proof of work:
 * plant networks are often cut off from the internet, and the login must work there too.
 */
export async function createBotCheck(
  config: BotCheckConfig,
  meta: MetaRepository,
  now: () => number = Date.now,
): Promise<BotCheck> {
  const { recaptchaSiteKey: siteKey, recaptchaSecret: secret } = config;
  if (siteKey !== null && secret !== null) {
    return {
      challenge: () => ({ kind: 'recaptcha', siteKey }),
      verify: async (token, remoteIp) => {
        const result = await verifyRecaptcha(config.recaptchaVerifyUrl, secret, token ?? '', remoteIp);
        return result;
      },
    };
  }
  const key = await meta.getOrInsert('bot_check_secret', () => randomBytes(32).toString('base64url'));
  const work = createProofOfWork(key, config.botCheckBits, now);
  return {
    challenge: () => ({ kind: 'proofOfWork', ...work.issue() }),
    verify: (token) => Promise.resolve(token !== undefined && work.check(token) === 'ok' ? 'ok' : 'refused'),
  };
}
