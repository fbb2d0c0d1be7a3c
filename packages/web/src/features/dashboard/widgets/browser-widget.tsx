import { Text } from '@mantine/core';
import { isWebUrl, type DashboardWidget } from '@leitwarte/core';
import { useTranslation } from 'react-i18next';

type Browser = Extract<DashboardWidget, { kind: 'Browser' }>;

/** Why an address cannot be shown, or null when it is a web URL (screens §5). */
export function browserUrlProblem(url: string): 'enterUrl' | 'onlyWebUrls' | null {
  if (url.trim() === '') return 'enterUrl';
  return isWebUrl(url.trim()) ? null : 'onlyWebUrls';
}

/**
 * An embedded web page. Only http and https are shown ('only web URLs are supported'); the frame
 * is sandboxed, and a page of the app's own origin gets no same-origin right, since scripts with
 * both could lift the sandbox. Which sites may be framed at all is the server's CSP frame-src.
 */
export function BrowserWidget({ widget }: { widget: Browser }) {
  const { t } = useTranslation();
  const problem = browserUrlProblem(widget.url);
  if (problem) {
    return (
      <Text size="sm" c="red" role="alert" data-testid="browser-url-refused">
        {t(`validation.${problem}`)}
      </Text>
    );
  }
  const url = new URL(widget.url.trim());
  const sameOrigin = url.origin === window.location.origin;
  return (
    <iframe
      className="browser-widget"
      src={url.href}
      title={widget.title || url.host}
      sandbox={
        sameOrigin ? 'allow-scripts allow-forms' : 'allow-scripts allow-forms allow-same-origin allow-popups'
      }
      referrerPolicy="no-referrer"
      loading="lazy"
    />
  );
}
