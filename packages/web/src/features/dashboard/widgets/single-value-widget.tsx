import { Text } from '@mantine/core';
import { pvKey, qualityKey, type DashboardWidget, type ProcessValue, type PvConfig } from '@leitwarte/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../i18n/languages';
import { numberFormat } from '../../../lib/format-locale';
import { formatPvValue, type PvFormatLabels } from '../../../lib/format-pv-value';
import { usePvFormatLabels } from '../../../lib/use-pv-format-labels';
import { usePvValue } from '../../../live/use-pv-value';
import { QualityBadge } from '../../../ui/quality-badge';
import {
  digitalState,
  gaugeScale,
  limitBands,
  numericValue,
  severityOf,
  type GaugeBand,
  type GaugeScale,
  type LimitSet,
} from '../gauge-scale';
import {
  BarGauge,
  CircularGauge,
  DigitalGauge,
  StateIndicatorGauge,
  StateIndicatorText,
  ValueTextView,
  type GaugeProps,
} from './gauges';
import { useWidgetPv } from './use-widget-pv';

type SingleValue = Extract<DashboardWidget, { kind: 'SingleValue' }>;

const isDigital = (v: ProcessValue) => v.type === 'BoolValue' || v.type === 'FailureStateValue';

/**
 * One PV in one of the seven styles (screens §2): scale from the widget or the PV's domain,
 * limits as coloured bands, the reading in the PV's unit, quality and alarm state; digital PVs
 * with their state texts. Only its reading re-renders when its PV changes.
 */
export const SingleValueWidget = memo(function SingleValueWidget({ widget }: { widget: SingleValue }) {
  const { t, i18n } = useTranslation();
  const key = pvKey(widget.pv);
  const { config, error, limits } = useWidgetPv(widget.pv);
  const labels = usePvFormatLabels();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language);
  const scale = useMemo(
    () => gaugeScale(widget, config?.domainConfig ?? null, limits),
    [widget, config?.domainConfig, limits],
  );
  const bands = useMemo(() => limitBands(limits, scale), [limits, scale]);
  // The scale's ends change with the scale, not with the value: built once, not every second.
  const ends = useMemo(() => {
    const format = numberFormat(locale, { maximumFractionDigits: 2 });
    return { minText: format.format(scale.min), maxText: format.format(scale.max) };
  }, [locale, scale]);
  const texts = useMemo(() => ({ noValue: t('pv.noValue'), alarm: t('dashboard.widget.alarm') }), [t]);

  if (error) {
    return (
      <Text size="sm" c="red" data-pv={key} role="alert">
        {t('dashboard.widget.pvMissing', { pv: key })}
      </Text>
    );
  }
  if (!config) return <NoValue pv={key} text={texts.noValue} />;
  return (
    <LiveReading
      pv={key}
      widgetStyle={widget.style}
      config={config}
      limits={limits}
      scale={scale}
      bands={bands}
      ends={ends}
      labels={labels}
      locale={locale}
      texts={texts}
    />
  );
});

function NoValue({ pv, text }: { pv: string; text: string }) {
  return (
    <Text size="sm" c="dimmed" data-pv={pv}>
      {text}
    </Text>
  );
}

/**
 * The part of the widget that follows the value: a new value re-renders this alone, not the
 * widget's config query, limits and translations.
 */
const LiveReading = memo(function LiveReading({
  pv,
  widgetStyle,
  config,
  limits,
  scale,
  bands,
  ends,
  labels,
  locale,
  texts,
}: {
  pv: string;
  widgetStyle: SingleValue['style'];
  config: PvConfig;
  limits: LimitSet;
  scale: GaugeScale;
  bands: readonly GaugeBand[];
  ends: { minText: string; maxText: string };
  labels: PvFormatLabels;
  locale: string;
  texts: { noValue: string; alarm: string };
}) {
  const value = usePvValue(pv);
  if (!value) return <NoValue pv={pv} text={texts.noValue} />;
  const key = pv;
  const display = formatPvValue(value, config, locale, labels);
  const number = numericValue(value);
  const digital = digitalState(value, config);
  const severity = digital?.severity ?? (number === null ? 'normal' : severityOf(number, limits));
  const quality = qualityKey(value.quality);
  const gauge: GaugeProps = {
    value: number,
    scale,
    bands,
    severity,
    text: display.text,
    unit: display.unit,
    minText: ends.minText,
    maxText: ends.maxText,
  };

  let body;
  const style = isDigital(value) && !widgetStyle.startsWith('StateIndicator') ? 'ValueTextView' : widgetStyle;
  switch (style) {
    case 'CircularGauge':
      body = <CircularGauge {...gauge} />;
      break;
    case 'VerticalGauge':
      body = <BarGauge {...gauge} orientation="vertical" />;
      break;
    case 'HorizontalGauge':
      body = <BarGauge {...gauge} orientation="horizontal" />;
      break;
    case 'DigitalGauge':
      body = <DigitalGauge {...gauge} />;
      break;
    case 'StateIndicatorGauge':
    case 'StateIndicatorText': {
      // An analog PV as a state: lit while a limit is violated, its reading as the text.
      const active = digital?.active ?? severity !== 'normal';
      const text = display.unit ? `${display.text} ${display.unit}` : display.text;
      body =
        style === 'StateIndicatorGauge' ? (
          <StateIndicatorGauge active={active} severity={severity} text={text} />
        ) : (
          <StateIndicatorText active={active} severity={severity} text={text} />
        );
      break;
    }
    default:
      body = <ValueTextView {...gauge} />;
  }

  return (
    <div
      className={`sv ${quality ?? ''}`}
      data-pv={key}
      data-style={widgetStyle}
      data-quality={value.quality}
      data-severity={severity}
      data-value={number ?? ''}
      title={config.name}
    >
      {body}
      <div className="sv-badges">
        <QualityBadge quality={value.quality} />
        {severity === 'alarm' ? <span className="sv-alarm">{texts.alarm}</span> : null}
      </div>
    </div>
  );
});
