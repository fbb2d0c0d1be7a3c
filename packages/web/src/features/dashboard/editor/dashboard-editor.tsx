import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  DASHBOARD_LAYOUTS,
  pvKey,
  WIDGET_KINDS,
  type Dashboard,
  type DashboardChange,
  type DashboardLayout,
  type DashboardWidgetInput,
  type PvRef,
  type WidgetKind,
} from '@leitwarte/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardConfigQuery, getDashboard, saveDashboard } from '../../../api/dashboard';
import { errorText } from '../../../api/error-text';
import { ApiError } from '../../../api/http';
import { usePvLabels } from '../../../lib/use-pv-labels';
import { dashboardHub } from '../../../live/dashboard-hub';
import {
  editorReducer,
  FREE_COLUMNS,
  isChanged,
  newWidget,
  nextSize,
  saveBody,
  SIZE_CELLS,
  startEditing,
  type DraftWidget,
} from './dashboard-draft';
import { effectiveLayout, tableCellStyle } from '../dashboard-layout';
import { WidgetForm } from './widget-form';
import { WidgetPreview } from './widget-preview';

/** A weather widget's stored identity: its id with the place and mode the server fetches for. */
function weatherPlace(w: { id?: number; zip?: string; country?: string }) {
  return `${w.id ?? 0}|${w.zip ?? ''}|${w.country ?? ''}`;
}

/** One line on what a widget shows: its PV, chart, place, address ... */
function useSummary() {
  const { t } = useTranslation();
  const labels = usePvLabels();
  // The PV's plant name where the tree has it, its key while the tree loads.
  const pvName = (ref: PvRef) => labels.get(pvKey(ref))?.name ?? pvKey(ref);
  return (w: DashboardWidgetInput): string => {
    switch (w.kind) {
      case 'SingleValue':
        return `${pvName(w.pv)} · ${t(`dashboard.editor.styles.${w.style}`)}`;
      case 'HeatMap':
        return w.pvs.map(pvName).join(', ');
      case 'Chart':
        return w.chartId === null ? '' : t('dashboard.editor.chartNr', { id: w.chartId });
      case 'Weather':
        return `${w.zip} ${w.country} · ${t(`dashboard.editor.weatherModes.${w.mode}`)}`;
      case 'GoogleMaps':
        return t('dashboard.editor.stationCount', { count: w.stations.length });
      case 'Browser':
        return w.url;
      case 'Note':
        return w.note.split('\n', 1)[0] ?? '';
      default:
        return '';
    }
  };
}

interface CardProps {
  widget: DraftWidget;
  index: number;
  count: number;
  free: boolean;
  weatherSaved: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
  onResize: () => void;
}

/**
 * A widget in the editor: a bar with its name and handles (order, size, settings, remove) over
 * the widget as the dashboard will show it, with live values.
 */
function WidgetCard({
  widget,
  index,
  count,
  free,
  weatherSaved,
  onEdit,
  onRemove,
  onMove,
  onResize,
}: CardProps) {
  const { t } = useTranslation();
  const summary = useSummary();
  const name = widget.title || t(`dashboard.kinds.${widget.kind}`);
  const size = t(`dashboard.editor.sizes.${widget.size}`);
  const about = [`${t(`dashboard.kinds.${widget.kind}`)} · ${size}`, summary(widget)]
    .filter(Boolean)
    .join('\n');
  return (
    <>
      <div className="dash-editor__bar">
        <Text className="dash-editor__name" fw={600} size="sm" truncate="end" title={about}>
          {name}
        </Text>
        <Group
          gap={4}
          wrap="wrap"
          className="dash-editor__handles"
          onPointerDown={(e) => e.stopPropagation()}
        >
          {free ? null : (
            <>
              <Button
                size="compact-xs"
                px={4}
                variant="default"
                disabled={index === 0}
                onClick={() => onMove(-1)}
                aria-label={t('dashboard.editor.moveUp', { name })}
                title={t('dashboard.editor.moveUp', { name })}
              >
                ↑
              </Button>
              <Button
                size="compact-xs"
                px={4}
                variant="default"
                disabled={index === count - 1}
                onClick={() => onMove(1)}
                aria-label={t('dashboard.editor.moveDown', { name })}
                title={t('dashboard.editor.moveDown', { name })}
              >
                ↓
              </Button>
            </>
          )}
          <Button
            size="compact-xs"
            px={4}
            variant="default"
            onClick={onResize}
            aria-label={t('dashboard.editor.resize', { name, size })}
            title={t('dashboard.editor.resize', { name, size })}
            data-testid="widget-size"
          >
            {size}
          </Button>
          <Button
            size="compact-xs"
            px={4}
            variant="default"
            onClick={onEdit}
            aria-label={t('dashboard.editor.editWidget', { name })}
            title={t('dashboard.editor.editWidget', { name })}
          >
            ⚙
          </Button>
          <Button
            size="compact-xs"
            px={4}
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={t('dashboard.editor.removeWidget', { name })}
            title={t('dashboard.editor.removeWidget', { name })}
          >
            ✕
          </Button>
        </Group>
      </div>
      <WidgetPreview widget={widget} index={index} weatherSaved={weatherSaved} />
    </>
  );
}

/**
 * The free layout in the editor: a grid of cells, scaled to the width there is; a widget is
 * dragged by its card (pointer) or moved by the arrow keys, and lands on whole cells.
 */
function FreeCanvas({
  widgets,
  cardProps,
  onPlace,
}: {
  widgets: readonly DraftWidget[];
  cardProps: (w: DraftWidget, i: number) => CardProps;
  onPlace: (key: string, x: number, y: number) => void;
}) {
  const { t } = useTranslation();
  const outer = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // Where the drag started lives in a ref: pointer events can come faster than React renders,
  // and the drop must measure from the start, not from the last rendered move.
  const start = useRef<{ key: string; x: number; y: number } | null>(null);
  const [drag, setDrag] = useState<{ key: string; dx: number; dy: number } | null>(null);
  useEffect(() => {
    const element = outer.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const placed = widgets.map((w) => ({ w, p: w.position ?? { x: 0, y: 0, ...SIZE_CELLS[w.size] } }));
  const cols = Math.max(FREE_COLUMNS, ...placed.map(({ p }) => p.x + p.width));
  const rows = Math.max(2, ...placed.map(({ p }) => p.y + p.height)) + 1;
  // Cells stay big enough to grab on a phone; the grid then scrolls sideways.
  const cell = Math.max(MIN_CELL, width > 0 ? width / cols : 120);

  const end = (w: DraftWidget, p: { x: number; y: number }, e: ReactPointerEvent<HTMLDivElement>) => {
    const from = start.current;
    start.current = null;
    setDrag(null);
    if (from?.key !== w.key) return;
    const x = p.x + Math.round((e.clientX - from.x) / cell);
    const y = p.y + Math.round((e.clientY - from.y) / cell);
    if (x !== p.x || y !== p.y) onPlace(w.key, Math.max(0, x), Math.max(0, y));
  };

  return (
    <div ref={outer} className="dash-editor__free-scroll">
      <div
        className="dash-editor__free"
        style={{ width: cols * cell, height: rows * cell, backgroundSize: `${cell}px ${cell}px` }}
        data-testid="free-canvas"
      >
        {placed.map(({ w, p }, i) => {
          const moving = drag?.key === w.key;
          return (
            <Paper
              key={w.key}
              withBorder
              shadow={moving ? 'md' : undefined}
              className="dash-editor__card dash-editor__card--free"
              data-editor-widget={w.key}
              data-size={w.size}
              tabIndex={0}
              aria-label={t('dashboard.editor.dragHint', { name: w.title || t(`dashboard.kinds.${w.kind}`) })}
              style={{
                left: p.x * cell + 3,
                top: p.y * cell + 3,
                width: p.width * cell - 6,
                height: p.height * cell - 6,
                transform: moving ? `translate(${drag.dx}px, ${drag.dy}px)` : undefined,
                zIndex: moving ? 2 : 1,
              }}
              onPointerDown={(e: ReactPointerEvent<HTMLDivElement>) => {
                if (e.button !== 0) return;
                e.currentTarget.setPointerCapture(e.pointerId);
                start.current = { key: w.key, x: e.clientX, y: e.clientY };
                setDrag({ key: w.key, dx: 0, dy: 0 });
              }}
              onPointerMove={(e: ReactPointerEvent<HTMLDivElement>) => {
                const from = start.current;
                if (from?.key === w.key)
                  setDrag({ key: w.key, dx: e.clientX - from.x, dy: e.clientY - from.y });
              }}
              onPointerUp={(e: ReactPointerEvent<HTMLDivElement>) => end(w, p, e)}
              onPointerCancel={() => {
                start.current = null;
                setDrag(null);
              }}
              onKeyDown={(e) => {
                const by = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[
                  e.key
                ];
                if (!by || e.target !== e.currentTarget) return;
                e.preventDefault();
                const [dx = 0, dy = 0] = by;
                onPlace(w.key, Math.max(0, p.x + dx), Math.max(0, p.y + dy));
              }}
            >
              <WidgetCard {...cardProps(w, i)} />
            </Paper>
          );
        })}
      </div>
    </div>
  );
}

/** Smallest grid cell of the free layout in the editor, in CSS pixels: a card still to be grabbed. */
const MIN_CELL = 110;

type WidgetDialog = { mode: 'add'; kind: WidgetKind | null } | { mode: 'edit'; key: string } | null;

/**
 * The dashboard editor: name and layout, widgets added from a palette, set up with pickers,
 * arranged by drag (free layout) or order (the others), every change undoable until saved.
 * A save names the version it started from: one that missed another's save is refused (409),
 * and the editor offers the current version.
 */
export function DashboardEditor({ dashboard, onClose }: { dashboard: Dashboard; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(editorReducer, dashboard, startEditing);
  const [dialog, setDialog] = useState<WidgetDialog>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ stale: boolean; message: string } | null>(null);
  const [remote, setRemote] = useState<DashboardChange | null>(null);
  const { draft } = state;
  const free = draft.layout === 'FreeLayout';
  const layoutClass = { StackLayout: 'stack', TableLayout: 'table', FlowLayout: 'flow', FreeLayout: 'free' }[
    effectiveLayout(draft.layout)
  ];
  // Weather is fetched by the server for a stored widget's place: a new place shows after saving.
  const savedWeather = useMemo(
    () => new Set(dashboard.widgets.flatMap((w) => (w.kind === 'Weather' ? [weatherPlace(w)] : []))),
    [dashboard.widgets],
  );

  // Someone else's save or delete shows at once, before this editor's save would be refused.
  const versionRef = useRef(state.version);
  useEffect(() => {
    versionRef.current = state.version;
  }, [state.version]);
  const savingRef = useRef(false);
  useEffect(
    () =>
      dashboardHub.onChange((change) => {
        if (change.id !== dashboard.id || savingRef.current) return;
        if (change.version === null || change.version > versionRef.current) setRemote(change);
      }),
    [dashboard.id],
  );

  const save = async () => {
    setSaving(true);
    savingRef.current = true;
    setError(null);
    try {
      await saveDashboard(dashboard.id, saveBody(state));
      await queryClient.invalidateQueries({ queryKey: dashboardConfigQuery.queryKey });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        // Who saved in between, in the user's language (the reply's text is the server's).
        const current = await getDashboard(dashboard.id).catch(() => null);
        setError({
          stale: true,
          message:
            current === null
              ? t('dashboard.editor.deletedBy', { user: '?' })
              : t('dashboard.editor.staleBy', { user: current.updatedBy ?? '?' }),
        });
      } else {
        const { key, ...values } = errorText(e);
        setError({ stale: false, message: t(key, values) });
      }
    } finally {
      setSaving(false);
      savingRef.current = false;
    }
  };

  const loadCurrent = async () => {
    try {
      const current = await getDashboard(dashboard.id);
      dispatch({ type: 'reset', dashboard: current });
      setError(null);
      setRemote(null);
    } catch (e) {
      const { key, ...values } = errorText(e);
      setError({ stale: false, message: t(key, values) });
    }
    await queryClient.invalidateQueries({ queryKey: dashboardConfigQuery.queryKey });
  };

  const cardProps = (w: DraftWidget, i: number): CardProps => ({
    widget: w,
    index: i,
    count: draft.widgets.length,
    free,
    onEdit: () => setDialog({ mode: 'edit', key: w.key }),
    onRemove: () => dispatch({ type: 'remove', key: w.key }),
    onMove: (by) => dispatch({ type: 'move', key: w.key, by }),
    onResize: () => dispatch({ type: 'resize', key: w.key, size: nextSize(w.size) }),
    weatherSaved: w.kind !== 'Weather' || savedWeather.has(weatherPlace(w)),
  });
  const editing = dialog?.mode === 'edit' ? draft.widgets.find((w) => w.key === dialog.key) : undefined;

  return (
    <Stack gap="md" className="dash-editor" data-testid="dashboard-editor">
      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('dashboard.editor.name')}
            value={draft.name}
            maxLength={200}
            onChange={(e) => dispatch({ type: 'rename', name: e.currentTarget.value })}
            error={draft.name.trim() === '' ? t('dashboard.editor.enterName') : undefined}
            w={260}
            maw="100%"
          />
          <Select
            label={t('dashboard.editor.layout')}
            data={DASHBOARD_LAYOUTS.filter((l) => l !== 'Unspecified').map((l) => ({
              value: l,
              label: t(`dashboard.editor.layouts.${l}`),
            }))}
            value={draft.layout === 'Unspecified' ? 'FlowLayout' : draft.layout}
            onChange={(layout) => layout && dispatch({ type: 'layout', layout: layout as DashboardLayout })}
            allowDeselect={false}
            w={200}
            maw="100%"
          />
          <Group gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => setDialog({ mode: 'add', kind: null })}>
              {t('dashboard.editor.addWidget')}
            </Button>
            <Button
              variant="default"
              disabled={state.undo.length === 0}
              onClick={() => dispatch({ type: 'undo' })}
            >
              {t('dashboard.editor.undo')}
            </Button>
            <Button
              onClick={() => void save()}
              loading={saving}
              disabled={!isChanged(state) || draft.name.trim() === '' || error?.stale === true}
            >
              {t('dashboard.editor.save')}
            </Button>
            <Button variant="subtle" onClick={onClose}>
              {isChanged(state) ? t('dashboard.editor.discard') : t('dashboard.editor.close')}
            </Button>
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt={6}>
          {free ? t('dashboard.editor.freeHint') : t('dashboard.editor.orderHint')}
        </Text>
      </Paper>
      {remote && !error ? (
        <Alert
          color="yellow"
          title={t('dashboard.editor.changedMeanwhile')}
          data-testid="editor-remote-change"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {remote.version === null
                ? t('dashboard.editor.deletedBy', { user: remote.by })
                : t('dashboard.editor.savedBy', { user: remote.by })}
            </Text>
            {remote.version === null ? null : (
              <Button size="xs" variant="default" onClick={() => void loadCurrent()}>
                {t('dashboard.editor.loadCurrent')}
              </Button>
            )}
          </Stack>
        </Alert>
      ) : null}
      {error ? (
        <Alert
          color="red"
          title={error.stale ? t('dashboard.editor.stale') : t('dashboard.editor.saveFailed')}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error.message}</Text>
            {error.stale ? (
              <Button size="xs" variant="default" onClick={() => void loadCurrent()}>
                {t('dashboard.editor.loadCurrent')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {draft.widgets.length === 0 ? (
        <Text c="dimmed">{t('dashboard.editor.empty')}</Text>
      ) : free ? (
        <FreeCanvas
          widgets={draft.widgets}
          cardProps={cardProps}
          onPlace={(key, x, y) => dispatch({ type: 'place', key, x, y })}
        />
      ) : (
        <div
          className={`dash-layout dash-layout--${layoutClass} dash-editor__list`}
          data-testid="editor-layout"
        >
          {draft.widgets.map((w, i) => (
            <Paper
              key={w.key}
              withBorder
              radius="md"
              className={`dash-widget dash-widget--${w.size.toLowerCase()} dash-editor__card`}
              style={layoutClass === 'table' ? tableCellStyle(w) : undefined}
              data-editor-widget={w.key}
              data-size={w.size}
              tabIndex={0}
              aria-label={t('dashboard.editor.orderKeysHint', {
                name: w.title || t(`dashboard.kinds.${w.kind}`),
              })}
              onKeyDown={(e) => {
                const by = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
                if (by === undefined || e.target !== e.currentTarget) return;
                e.preventDefault();
                dispatch({ type: 'move', key: w.key, by: by as -1 | 1 });
              }}
            >
              <WidgetCard {...cardProps(w, i)} />
            </Paper>
          ))}
        </div>
      )}

      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog?.mode === 'add'
            ? dialog.kind === null
              ? t('dashboard.editor.palette')
              : t('dashboard.editor.newWidget', { kind: t(`dashboard.kinds.${dialog.kind}`) })
            : t('dashboard.editor.editWidgetTitle')
        }
        size="lg"
      >
        {dialog?.mode === 'add' && dialog.kind === null ? (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="widget-palette">
            {WIDGET_KINDS.map((kind) => (
              <Button key={kind} variant="default" onClick={() => setDialog({ mode: 'add', kind })} h={56}>
                {t(`dashboard.kinds.${kind}`)}
              </Button>
            ))}
          </SimpleGrid>
        ) : null}
        {dialog?.mode === 'add' && dialog.kind !== null ? (
          <WidgetForm
            key={dialog.kind}
            initial={newWidget(dialog.kind, '')}
            submitLabel={t('dashboard.editor.add')}
            onCancel={() => setDialog({ mode: 'add', kind: null })}
            onSubmit={(widget) => {
              dispatch({ type: 'add', widget });
              setDialog(null);
            }}
          />
        ) : null}
        {editing ? (
          <WidgetForm
            key={editing.key}
            initial={editing}
            submitLabel={t('dashboard.editor.apply')}
            onCancel={() => setDialog(null)}
            onSubmit={(widget) => {
              dispatch({ type: 'replace', key: editing.key, widget });
              setDialog(null);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
