import { Alert, Button, Group } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function RenderFailure({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('errors.renderFailed')} role="alert" m="md">
      <Group gap="sm">
        <Button size="xs" onClick={onReset}>
          {t('errors.reloadComponent')}
        </Button>
        <Button size="xs" variant="default" onClick={() => window.location.reload()}>
          {t('errors.reloadPage')}
        </Button>
      </Group>
    </Alert>
  );
}

interface State {
  error: Error | null;
}

/** Error fallback of screens §2: one broken screen offers reloading itself or the whole page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render(): ReactNode {
    if (this.state.error) return <RenderFailure onReset={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
