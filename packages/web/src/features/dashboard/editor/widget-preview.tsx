import { Text } from '@mantine/core';
import type { DashboardWidget } from '@leitwarte/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../i18n/languages';
import { WidgetBody, type WidgetContext } from '../widget-frame';
import type { DraftWidget } from './dashboard-draft';

/**
 * A placed widget in the editor as the dashboard will show it: the viewer's own widget with live
 * values. A shield lies over it, so a click, a drag or the wheel reaches the editor's card (select,
 * drag) and never the widget (a map marker, a note's editing, a web page in its frame); the
 * widget itself is inert, so the keyboard does not reach into it either.
 */
export const WidgetPreview = memo(function WidgetPreview({
  widget,
  index,
  weatherSaved,
}: {
  widget: DraftWidget;
  index: number;
  /** A weather widget is fetched by the server for its stored place: whether the draft's place is stored. */
  weatherSaved: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language);
  const context = useMemo<WidgetContext>(() => ({ canEdit: false, locale }), [locale]);
  // A new widget has no id yet: 0 names no stored widget (no live note, no stored weather).
  const shown = useMemo(() => {
    const { key: _key, ...rest } = widget;
    return { ...rest, id: widget.id ?? 0, sortIndex: index } as DashboardWidget;
  }, [widget, index]);

  return (
    <div className="dash-editor__preview" data-testid="widget-preview" data-kind={widget.kind}>
      <div className="dash-widget__body" inert aria-hidden="true">
        {widget.kind === 'Weather' && !weatherSaved ? (
          <Text size="sm" c="dimmed" ta="center">
            {t('dashboard.editor.previewAfterSave')}
          </Text>
        ) : (
          <WidgetBody widget={shown} context={context} />
        )}
      </div>
      <div className="dash-editor__shield" aria-hidden="true" />
    </div>
  );
});
