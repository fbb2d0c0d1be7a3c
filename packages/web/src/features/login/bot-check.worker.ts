import { searchWork } from './proof-of-work';

// Runs the search off the main thread so the login page stays responsive while it works.
self.onmessage = (event: MessageEvent<{ nonce: string; bits: number }>) => {
  const { nonce, bits } = event.data;
  self.postMessage(searchWork(nonce, bits, 0, Number.MAX_SAFE_INTEGER));
};
