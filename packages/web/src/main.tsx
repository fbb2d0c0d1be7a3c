import '@mantine/core/styles.css';
import { notifyManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// eslint-disable-next-line no-restricted-imports -- the entry point is what mounts the app layer
import { App } from './app/app';
import { initI18n } from './i18n/i18n';
import './lib/native-bridge/start';
import { frameBatch } from './live/frame-batch';

void initI18n();
// Query results reach the screens in the same frame batch as live values: whatever arrives for
// one frame is committed once.
notifyManager.setScheduler((callback) => {
  frameBatch.request(callback);
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
