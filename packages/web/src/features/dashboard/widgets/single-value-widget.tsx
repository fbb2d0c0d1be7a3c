import { Text } from '@mantine/core';
import { pvKey, qualityKey, type DashboardWidget, type ProcessValue } from '@leitwarte/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../i18n/languages';
import { formatPvValue } from '../../../lib/format-pv-value';
import { usePvFormatLabels } from '../../../lib/use-pv-format-labels';
import { usePvValue } from '../../../live/use-pv-value';
import { QualityBadge } from '../../../ui/quality-badge';
import { digitalState, gaugeScale, limitBands, numericValue, severityOf } from '../gauge-scale';
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
 * with their state texts. Only this widget re-renders when its PV changes.
 */
export const SingleValueWidget = memo(function SingleValueWidget({ widget }: { widget: SingleValue }) {
  const { t, i18n } = useTranslation();
  const key = pvKey(widget.pv);
  const { config, error, limits } = useWidgetPv(widget.pv);
  const value = usePvValue(key);
  const labels = usePvFormatLabels();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language);
  const scale = useMemo(
    () => gaugeScale(widget, config?.domainConfig ?? null, limits),
    [widget, config?.domainConfig, limits],
  );
  const bands = useMemo(() => limitBands(limits, scale), [limits, scale]);

  if (error) {
    return (
      <Text size="sm" c="red" data-pv={key} role="alert">
        {t('dashboard.widget.pvMissing', { pv: key })}
      </Text>
    );
  }
  if (!value || !config) {
    return (
      <Text size="sm" c="dimmed" data-pv={key}>
        {t('pv.noValue')}
      </Text>
    );
  }

  const display = formatPvValue(value, config, locale, labels);
  const number = numericValue(value);
  const digital = digitalState(value, config);
  const severity = digital?.severity ?? (number === null ? 'normal' : severityOf(number, limits));
  const quality = qualityKey(value.quality);
  const scaleFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const gauge: GaugeProps = {
    value: number,
    scale,
    bands,
    severity,
    text: display.text,
    unit: display.unit,
    minText: scaleFormat.format(scale.min),
    maxText: scaleFormat.format(scale.max),
  };

  let body;
  const style =
    isDigital(value) && !widget.style.startsWith('StateIndicator') ? 'ValueTextView' : widget.style;
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
      data-style={widget.style}
      data-quality={value.quality}
      data-severity={severity}
      data-value={number ?? ''}
      title={config.name}
    >
      {body}
      <div className="sv-badges">
        <QualityBadge quality={value.quality} />
        {severity === 'alarm' ? <span className="sv-alarm">{t('dashboard.widget.alarm')}</span> : null}
      </div>
    </div>
  );
});
