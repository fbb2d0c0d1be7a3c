import { parsePvKey, planKey, pvKey, type LimitType, type PvConfig, type PvRef } from '@leitwarte/core';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/format-locale';
import { usePvFormatLabels } from '../../lib/use-pv-format-labels';
import { useStableCallback } from '../../lib/use-stable-callback';
import { useVisualisationText } from '../../lib/visualisation-texts';
import { pvValueStore } from '../../live/pv-value-store';
import { alertHub } from '../../live/alert-hub';
import { watchPvLimits } from '../../live/pv-limits';
import { stationAlarmHub } from '../../live/station-alarm-hub';
import { DIAL_STATE_KEYS } from '../../ui/pv/dial-state-badge';
import { textMessageHub } from '../../live/text-message-hub';
import { bindAlerts, hasAlertBindings } from './alert-bindings';
import { dataAttributes, parseAction, type VisuAction } from './actions';
import { bindImage, primaryKey, type ImageBindings } from './bindings';
import { imageFormatter } from './image-format';
import { connectLiveImage } from './live-image';
import { attachPanZoom, readViewBox, type PanZoom } from './pan-zoom';
import { PvHoverCard, type Hover } from './pv-hover-card';
import { bindStations } from './station-bindings';
import { imageTexts } from './translate-image';
import { preparedImage } from './use-image-data';

const isKey = (key: string) => parsePvKey(key) !== null;

type DialStateWord = keyof typeof DIAL_STATE_KEYS;

export interface ImageViewProps {
  /** The image's name: its parsed markup is kept under it. */
  name: string;
  markup: string;
  configs: ReadonlyMap<string, PvConfig>;
  /** The user may edit text messages (editTexts): text elements become actions. */
  canEditTexts: boolean;
  onAction: (action: VisuAction) => void;
  onResync: () => void;
}

/** Elements that act: by `data-action`, or a text message the user may edit. */
function actionOf(element: Element, canEditTexts: boolean): VisuAction | null {
  if (element.hasAttribute('data-action')) return parseAction(dataAttributes(element));
  const id = Number(element.getAttribute('data-text-message'));
  return canEditTexts && Number.isInteger(id) && id > 0 ? { kind: 'text', textId: id } : null;
}

/** Makes the action elements clickable and reachable by keyboard, named for assistive technology. */
function markActions(svg: SVGSVGElement, canEditTexts: boolean, textLabel: string): void {
  for (const el of svg.querySelectorAll('[data-action],[data-text-message]')) {
    const active = actionOf(el, canEditTexts) !== null;
    el.classList.toggle('visu-action', active);
    if (!active) {
      el.removeAttribute('tabindex');
      el.removeAttribute('role');
      continue;
    }
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    const label = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    el.setAttribute('aria-label', label || el.getAttribute('data-action') || textLabel);
  }
}

/**
 * A process image drawn from its SVG markup, bound live. Everything after the first render happens
 * in the DOM: values, states, texts and the view box are written there directly, so live data and
 * panning never re-render React.
 */
export function ImageView({ name, markup, configs, canEditTexts, onAction, onResync }: ImageViewProps) {
  const { t } = useTranslation();
  // Read by the bindings at render time: configs arriving or refreshed re-render the values in
  // place instead of binding the image anew.
  const configOf = useStableCallback((key: string) => configs.get(key));
  const textLabel = useStableCallback(() => t('processImages.textMessage.title'));
  const host = useRef<HTMLDivElement>(null);
  const panZoom = useRef<PanZoom | null>(null);
  const bindingsRef = useRef<ImageBindings | null>(null);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const canEdit = useStableCallback(() => canEditTexts);
  const translateRef = useRef<((tr: (s: string) => string) => void) | null>(null);
  const rewriteTexts = useRef<(() => void) | null>(null);
  const rewriteStations = useRef<(() => void) | null>(null);
  const dialText = useStableCallback((state: DialStateWord) => t(DIAL_STATE_KEYS[state]));
  const [hover, setHover] = useState<Hover | null>(null);
  const format = useLocaleFormat();
  const labels = usePvFormatLabels();
  const plantText = useVisualisationText();
  const formatter = useMemo(() => imageFormatter(format.locale, labels), [format.locale, labels]);
  const formatValue = useStableCallback(formatter);
  const act = useStableCallback(onAction);
  const resync = useStableCallback(onResync);
  const translateRefCurrent = useStableCallback((text: string) => plantText(text));

  useEffect(() => {
    const container = host.current;
    if (!container) return undefined;
    const svg = preparedImage(name, markup);
    svg.classList.add('process-image-svg');
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('role', 'img');
    container.replaceChildren(svg);
    const box = readViewBox(svg);
    // The frame takes the image's proportions, limited to the height the window leaves.
    container.style.aspectRatio = `${box.width} / ${box.height}`;

    const limits = new Map<string, Map<LimitType, number>>();
    const bindings = bindImage(
      svg,
      {
        value: (key) => pvValueStore.get(key),
        config: configOf,
        limits: (key) => limits.get(key),
        format: formatValue,
      },
      isKey,
    );
    bindingsRef.current = bindings;
    const applyTexts = imageTexts(svg);
    translateRef.current = applyTexts;
    applyTexts(translateRefCurrent);

    svgRef.current = svg;
    markActions(svg, canEdit(), textLabel());
    const pz = attachPanZoom(svg);
    panZoom.current = pz;
    const target = (event: Event) => {
      const el = (event.target as Element | null)?.closest?.('.visu-action');
      return el && svg.contains(el) ? el : null;
    };
    const onClick = (event: MouseEvent) => {
      const el = target(event);
      if (!el || pz.dragged()) return;
      const action = actionOf(el, canEdit());
      if (action) act(action);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const el = target(event);
      const action = el && actionOf(el, canEdit());
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    let frame = 0;
    const onPointer = (event: PointerEvent) => {
      const el = (event.target as Element | null)?.closest?.(
        '[data-pv],[data-pv-fill],[data-pv-state],[data-pv-group],[data-pv-limit]',
      );
      const key = el ? primaryKey(el) : null;
      const x = event.clientX;
      const y = event.clientY;
      cancelAnimationFrame(frame);
      // The hover shows the value in the element's own number format (decimals, unit).
      const decimals = el?.getAttribute('data-decimals');
      const shownDecimals = decimals && /^\d+$/.test(decimals.trim()) ? Number(decimals) : null;
      const unit = el?.getAttribute('data-unit') ?? null;
      frame = requestAnimationFrame(() =>
        setHover(key && isKey(key) ? { key, x, y, decimals: shownDecimals, unit } : null),
      );
    };
    const onLeave = () => {
      cancelAnimationFrame(frame);
      setHover(null);
    };
    svg.addEventListener('click', onClick);
    svg.addEventListener('keydown', onKey);
    svg.addEventListener('pointermove', onPointer);
    svg.addEventListener('pointerleave', onLeave);

    const disconnect = connectLiveImage(bindings, resync);
    const texts = watchTexts(bindings, translateRefCurrent);
    rewriteTexts.current = texts.write;
    const stopAlerts = watchAlerts(svg);
    const stopLimits = watchLimits(bindings, limits);
    const stations = watchStations(svg, dialText);
    rewriteStations.current = stations.rewrite;
    return () => {
      stopAlerts();
      stations.stop();
      stopLimits();
      rewriteStations.current = null;
      cancelAnimationFrame(frame);
      disconnect();
      texts.stop();
      rewriteTexts.current = null;
      pz.dispose();
      svg.removeEventListener('click', onClick);
      svg.removeEventListener('keydown', onKey);
      svg.removeEventListener('pointermove', onPointer);
      svg.removeEventListener('pointerleave', onLeave);
      container.replaceChildren();
      bindingsRef.current = null;
      svgRef.current = null;
    };
  }, [name, markup, act, resync, textLabel, translateRefCurrent, formatValue, canEdit, configOf, dialText]);

  useEffect(() => {
    bindingsRef.current?.updateAll();
  }, [configs]);

  // The rights come after the image: text messages become actions then, without binding anew.
  useEffect(() => {
    if (svgRef.current) markActions(svgRef.current, canEditTexts, t('processImages.textMessage.title'));
  }, [canEditTexts, t]);

  // A new language: the image's own texts and every value's formatting.
  useEffect(() => {
    translateRef.current?.(plantText);
    rewriteTexts.current?.();
    rewriteStations.current?.();
    bindingsRef.current?.updateAll();
  }, [plantText, labels, format, t]);

  return (
    <div className="process-image-frame">
      <Group gap={4} className="process-image-tools">
        <Tooltip label={t('processImages.zoomIn')}>
          <ActionIcon
            variant="default"
            aria-label={t('processImages.zoomIn')}
            onClick={() => panZoom.current?.zoom(1.25)}
          >
            +
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('processImages.zoomOut')}>
          <ActionIcon
            variant="default"
            aria-label={t('processImages.zoomOut')}
            onClick={() => panZoom.current?.zoom(0.8)}
          >
            −
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('processImages.fit')}>
          <ActionIcon
            variant="default"
            aria-label={t('processImages.fit')}
            data-testid="fit"
            onClick={() => panZoom.current?.fit()}
          >
            ⤢
          </ActionIcon>
        </Tooltip>
      </Group>
      <div ref={host} className="process-image-host" data-testid="process-image" />
      {hover ? <PvHoverCard hover={hover} config={configs.get(hover.key)} /> : null}
    </div>
  );
}

/** Limits of the PVs of limit bindings, live from the PV channel; a change re-renders those elements. */
function watchLimits(bindings: ImageBindings, limits: Map<string, Map<LimitType, number>>): () => void {
  const refs = bindings.limitKeys.map(parsePvKey).filter((r): r is PvRef => r !== null);
  if (refs.length === 0) return () => {};
  return watchPvLimits(refs, (configs) => {
    const changed = new Set<string>();
    for (const config of configs) {
      const key = pvKey(config.pvLimitRef.pv);
      const byType = limits.get(key) ?? new Map<LimitType, number>();
      if (config.notSet) byType.delete(config.pvLimitRef.limitType);
      else byType.set(config.pvLimitRef.limitType, config.limit);
      limits.set(key, byType);
      changed.add(key);
    }
    bindings.update(changed);
  });
}

/** Dial-state and plan-state bindings, live from the station channel (current state on subscribe). */
function watchStations(svg: SVGSVGElement, dialText: (state: DialStateWord) => string) {
  const bindings = bindStations(svg, {
    station: (nr) => stationAlarmHub.states.get(nr),
    plan: (ref) => stationAlarmHub.plans.get(planKey(ref)),
    dialText,
  });
  const write = () => bindings.write();
  const stops = bindings.stations.map((nr) => stationAlarmHub.states.subscribe(nr, write));
  if (bindings.stations.length > 0) stops.push(stationAlarmHub.watchStations(bindings.stations));
  if (bindings.plans.length > 0) {
    stops.push(stationAlarmHub.plans.subscribe(write));
    stops.push(stationAlarmHub.watch(bindings.plans, []));
  }
  bindings.write(true);
  return {
    rewrite: () => bindings.write(true),
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}

/** Alert bindings of the image, live from the alert channel's pending states. */
function watchAlerts(svg: SVGSVGElement): () => void {
  if (!hasAlertBindings(svg)) return () => {};
  const write = bindAlerts(svg, (key) => alertHub.pending.get(key));
  const stop = alertHub.pending.subscribe(write);
  const release = alertHub.watchPending();
  write();
  return () => {
    stop();
    release();
  };
}

/**
 * Text messages shown by the image, live from the text channel; written straight into the DOM in
 * the user's language (the operators write them in German: screens §1, through the plant texts
 * with German as the fallback). Returns the function that writes them again and the one that stops.
 */
function watchTexts(
  bindings: ImageBindings,
  translate: (german: string) => string,
): { write: () => void; stop: () => void } {
  const ids = bindings.textIds;
  if (ids.length === 0) return { write: () => {}, stop: () => {} };
  const write = () => {
    for (const id of ids) {
      const german = textMessageHub.messages.get(String(id))?.message;
      if (german === undefined) continue;
      const message = translate(german);
      for (const el of bindings.textElements.get(id) ?? []) {
        if (el.textContent !== message) el.textContent = message;
      }
    }
  };
  const stop = textMessageHub.messages.subscribe(write);
  const release = textMessageHub.watch(ids);
  write();
  return {
    write,
    stop: () => {
      stop();
      release();
    },
  };
}
