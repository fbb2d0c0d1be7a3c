import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// eslint-disable-next-line no-restricted-imports -- the entry point is what mounts the app layer
import { App } from './app/app';
import { initI18n } from './i18n/i18n';
import './lib/native-bridge/start';

void initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
