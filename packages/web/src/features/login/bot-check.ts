import type { BotCheckChallenge } from '@leitwarte/core';
import { getBotCheckChallenge } from '../../api/auth';
import { searchWork } from './proof-of-work';

// Without workers (old web views, tests) the search runs on the main thread in slices this long.
const SLICE = 2_000;
// A worker that has not answered by then (it failed to start without saying so, or the device
// is starved) is given up and the search runs on the main thread: the login never hangs.
const WORKER_PATIENCE_MS = 5_000;

function solveInWorker(nonce: string, bits: number): Promise<number> | null {
  if (typeof Worker === 'undefined') return null;
  try {
    const worker = new Worker(new URL('./bot-check.worker.ts', import.meta.url), { type: 'module' });
    return new Promise<number>((resolve, reject) => {
      const fail = (reason: string) => {
        clearTimeout(timer);
        worker.terminate();
        reject(new Error(reason));
      };
      const timer = setTimeout(() => fail('the bot check worker did not answer'), WORKER_PATIENCE_MS);
      worker.onmessage = (event: MessageEvent<number>) => {
        clearTimeout(timer);
        worker.terminate();
        resolve(event.data);
      };
      worker.onerror = (event) => fail(event.message);
      worker.onmessageerror = () => fail('the bot check worker sent an unreadable answer');
      worker.postMessage({ nonce, bits });
    });
  } catch {
    return null;
  }
}

async function solveInSlices(nonce: string, bits: number): Promise<number> {
  for (let from = 0; ; from += SLICE) {
    const found = searchWork(nonce, bits, from, from + SLICE);
    if (found !== null) return found;
    // Let the page paint and take input between slices.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** The answer to a proof-of-work challenge: `<challenge>:<counter>`. */
export async function solveProofOfWork(challenge: Extract<BotCheckChallenge, { kind: 'proofOfWork' }>) {
  const { nonce, bits } = challenge;
  const counter = await (solveInWorker(nonce, bits)?.catch(() => solveInSlices(nonce, bits)) ??
    solveInSlices(nonce, bits));
  return `${challenge.challenge}:${counter}`;
}

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let recaptchaScript: Promise<Grecaptcha> | null = null;

/** Loads reCAPTCHA (v3, invisible) once, for the site key the server named. */
function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (api) api.ready(() => resolve(api));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => {
      recaptchaScript = null;
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return recaptchaScript;
}

/**
 * The login's bot check token (screens §3 recaptchaToken): reCAPTCHA when the server has it
 * configured, else the answer to the server's proof-of-work challenge. A token that cannot be
 * had is sent empty, so the server answers with its catalogue code.
 */
export async function botCheckToken(): Promise<string> {
  const challenge = await getBotCheckChallenge();
  if (challenge.kind === 'proofOfWork') return solveProofOfWork(challenge);
  try {
    const api = await loadRecaptcha(challenge.siteKey);
    return await api.execute(challenge.siteKey, { action: 'login' });
  } catch {
    return '';
  }
}
