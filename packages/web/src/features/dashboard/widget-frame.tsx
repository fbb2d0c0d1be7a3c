import { Paper, Text } from '@mantine/core';
import type { DashboardWidget } from '@leitwarte/core';
import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserWidget } from './widgets/browser-widget';
import { ChartWidget } from './widgets/chart-widget';
import { HeatMapWidget } from './widgets/heat-map-widget';
import { MapWidget } from './widgets/map-widget';
import { NoteWidget } from './widgets/note-widget';
import { SingleValueWidget } from './widgets/single-value-widget';
import { WebcamWidget } from './widgets/webcam-widget';
import { WeatherWidget } from './widgets/weather-widget';

export interface WidgetContext {
  canEdit: boolean;
  locale: string;
}

/** What a widget shows, without its card: the viewer's frame and the editor's preview both use it. */
export function WidgetBody({ widget, context }: { widget: DashboardWidget; context: WidgetContext }) {
  switch (widget.kind) {
    case 'SingleValue':
      return <SingleValueWidget widget={widget} />;
    case 'Note':
      return <NoteWidget widget={widget} canEdit={context.canEdit} />;
    case 'Browser':
      return <BrowserWidget widget={widget} />;
    case 'Webcam':
      return <WebcamWidget widget={widget} />;
    case 'GoogleMaps':
      return <MapWidget widget={widget} locale={context.locale} />;
    case 'Chart':
      return <ChartWidget widget={widget} />;
    case 'HeatMap':
      return <HeatMapWidget widget={widget} locale={context.locale} />;
    case 'Weather':
      return <WeatherWidget widget={widget} locale={context.locale} />;
    case 'Placeholder':
      return null;
  }
}

/** A widget's card: its title and its body, sized by the layout (class and grid placement). */
export const WidgetFrame = memo(function WidgetFrame({
  widget,
  context,
  style,
}: {
  widget: DashboardWidget;
  context: WidgetContext;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  const placeholder = widget.kind === 'Placeholder';
  return (
    <Paper
      withBorder={!placeholder}
      radius="md"
      className={`dash-widget dash-widget--${widget.size.toLowerCase()} dash-widget--${widget.kind.toLowerCase()}`}
      style={style}
      data-widget={widget.id}
      data-kind={widget.kind}
      data-size={widget.size}
      component="section"
      aria-label={widget.title || t(`dashboard.kinds.${widget.kind}`)}
    >
      {widget.title && !placeholder ? (
        <Text className="dash-widget__title" fw={600} size="sm" truncate="end" title={widget.title}>
          {widget.title}
        </Text>
      ) : null}
      <div className="dash-widget__body">
        <WidgetBody widget={widget} context={context} />
      </div>
    </Paper>
  );
});
