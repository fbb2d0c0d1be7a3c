import fs from 'node:fs';
import path from 'node:path';
import { pvKey } from '@leitwarte/core';
import type { Rights } from './auth/rights.js';
import type { Config } from './config.js';
import type { ChartSeriesRef } from './http/charts-data.js';
import {
  connectExternalConditions,
  createAlertService,
  createLimitService,
  createPriorityOutputService,
  loadAlertContent,
} from './plant/alerts/index.js';
import { createAnnotationService, createChartService, resolveChartsContent } from './plant/charts/index.js';
import { ChartsContentSchema } from './plant/charts/charts-content.js';
import { contentPath, readContentFile } from './plant/charts/content-file.js';
import {
  createDashboardService,
  createWeatherService,
  resolveDashboardsContent,
} from './plant/dashboards/index.js';
import { DashboardsContentSchema } from './plant/dashboards/dashboards-content.js';
import type { PlantDefinition } from './plant/definition-types.js';
import { createEnergyService, loadEnergyContent } from './plant/energy/index.js';
import { createHistorian, type HistorianDeps } from './plant/history/index.js';
import { createRuntimeRates } from './plant/maintenance/runtime-rates.js';
import {
  createMaintenanceService,
  createRuntimeService,
  loadMaintenanceContent,
} from './plant/maintenance/index.js';
import { createPipeLeakageService, loadPipeLeakageContent } from './plant/pipe-leakage/index.js';
import type { Plant } from './plant/plant.js';
import { createProcessImageService } from './plant/process-images/index.js';
import { createRemoteAlarmService, loadRemoteAlarmContent } from './plant/remote-alarm/index.js';
import {
  createLiveReportValueSource,
  createReportService,
  loadReportContent,
} from './plant/reports/index.js';
import { createScheduledExports } from './plant/reports/scheduled-exports.js';
import { createSmtpMailSender } from './plant/mail/index.js';

/** How often scheduled report exports look for a due period. */
const SCHEDULED_EXPORT_CHECK_MS = 60_000;
import {
  createRuebService,
  createSebamService,
  loadRuebContent,
  loadSebamContent,
} from './plant/rueb/index.js';
import {
  createControlEventService,
  createSystemConfigService,
  loadSystemDefaults,
} from './plant/system/index.js';
import { createTextMessageService, loadTextMessagesContent } from './plant/text-messages/index.js';
import { currentPvConfig } from './plant/values/pv-config-view.js';
import { createPvConfigWriteService } from './plant/values/pv-config-write-service.js';
import { createPvLiveEvents } from './plant/values/pv-live-events.js';
import { createPvWriteService } from './plant/values/pv-write-service.js';
import { createWebcamService, resolveWebcamsContent } from './plant/webcams/index.js';
import { startPlantFromHistory } from './plant/start-from-history.js';
import { WebcamsContentSchema } from './plant/webcams/webcams-content.js';
import { isFencedOut, type Store } from './store/index.js';

export interface DomainOptions {
  config: Config;
  store: Store;
  plant: Plant;
  definition: PlantDefinition;
  /** The plant definition file; the area content files (alerts.json, charts.json, …) sit beside it. */
  plantPath: string;
  rights: Rights;
  log?: HistorianDeps['log'];
}

/** A content file of the plant, or null when this plant has none. */
function optionalFile(plantPath: string, name: string): string | null {
  const file = contentPath(plantPath, name);
  return fs.existsSync(file) ? file : null;
}

/**
 * Every domain service of the plant (alerts, remote alarm, maintenance, reports, charts,
 * dashboards, webcams, ...), created in dependency order and connected with each other.
 * start() brings them up around the plant; stop() flushes and ends them in reverse order.
 */
export async function createDomain(options: DomainOptions) {
  const { config, store, plant, definition, plantPath, rights, log } = options;
  const timeZone = plant.info.timeZone;
  const contentDir = path.dirname(plantPath);
  const file = (name: string) => optionalFile(plantPath, name);

  const systemFile = file('system.json');
  const systemConfig = createSystemConfigService({
    store,
    defaults: systemFile ? loadSystemDefaults(systemFile) : undefined,
  });
  const alertsFile = file('alerts.json');
  const alertContent = alertsFile ? loadAlertContent(alertsFile, definition) : null;
  const limits = createLimitService({ store, plant, defaults: alertContent?.limits });
  const alerts = createAlertService({
    store,
    plant,
    limits,
    settings: () => systemConfig.get().systemSettings,
  });
  const priorityOutputs = createPriorityOutputService({
    store,
    plant,
    alerts,
    groups: alertContent?.pvGroups ?? [],
  });
  const controlEvents = createControlEventService({ store, plant, alerts });
  const pvEvents = createPvLiveEvents(plant);
  const pvWrites = createPvWriteService({ store, plant, rights, events: pvEvents });

  const stationNumbers = new Set(plant.stations().map((s) => s.stationNumber));
  const remoteAlarmFile = file('remote-alarm.json');
  const remoteAlarm = createRemoteAlarmService({
    store,
    plant,
    content: remoteAlarmFile ? loadRemoteAlarmContent(remoteAlarmFile, stationNumbers) : undefined,
    canEditPlan: (actor, plan) => rights.onPlan(actor, 'editPlans', plan),
    canAckPlan: (actor, plan) => rights.onPlan(actor, 'ackPlans', plan),
    canReadPlan: (actor, plan) => rights.onPlan(actor, 'read', plan),
    canEditCallNumbers: (actor) => rights.has(actor, 'editCallNumbers'),
    delivery: config.remoteAlarm,
  });
  const textsFile = file('text-messages.json');
  const textMessages = createTextMessageService({
    store,
    content: textsFile ? loadTextMessagesContent(textsFile) : undefined,
    canEditText: (actor) => rights.has(actor, 'editTexts'),
  });
  const leakageFile = file('pipe-leakage.json');
  const pipeLeakage = createPipeLeakageService({
    store,
    plant,
    content: leakageFile ? loadPipeLeakageContent(leakageFile, plant) : null,
  });
  const energyFile = file('energy.json');
  const energy = createEnergyService({
    store,
    plant,
    content: energyFile ? loadEnergyContent(energyFile, plant) : null,
  });

  const maintenance = await createMaintenanceService({
    store,
    plant,
    definition,
    content: file('maintenance.json') ? loadMaintenanceContent(contentDir, plant, timeZone) : null,
  });
  const runtimes = createRuntimeService({ store, plant, bindings: maintenance.bindings });
  const pvGroups = alertContent?.pvGroups ?? [];
  const pvConfigWrites = createPvConfigWriteService({
    store,
    plant,
    rights,
    limits,
    runtimes,
    priorityOutputs,
    pvGroups,
    events: pvEvents,
  });
  // A changed digital priority changes the PV's config: newConfig on the live channel.
  limits.onDigitalPriority((entries) => {
    for (const entry of entries) {
      const changed = currentPvConfig(plant, limits.digitalPriority, entry.pv);
      if (changed !== undefined) pvEvents.configChanged(changed);
    }
  });
  const reportConfigs = file('reports.json') ? loadReportContent(contentDir, plant) : [];
  const reportSource = createLiveReportValueSource({
    plant,
    timeZone,
    pvs: reportConfigs.flatMap((r) => r.columns.map((c) => c.dataBinding.pvRef)),
  });
  const generatedHistory = config.backfill && definition.sources.bindings.size === 0;
  const historian = await createHistorian({
    store,
    plant,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    readThreads: config.chartReadThreads,
    log,
  });
  // The due-date forecast's runtime rates come from the historian's day rollups.
  const runtimeRates = createRuntimeRates({ historian, timeZone });
  // Past report rows come from the historian's rollups; today's rows from the live values.
  const reports = await createReportService({
    store,
    timeZone,
    source: reportSource,
    content: reportConfigs,
    archive: {
      reports: historian,
      isCounter: (pv) => plant.config(pvKey(pv))?.valueType === 'CounterValue',
    },
  });
  const rueb = await createRuebService({
    store,
    plant,
    configs: file('rueb.json') ? loadRuebContent(contentDir, plant) : [],
    timeZone,
  });
  const sebam = createSebamService(file('sebam.json') ? loadSebamContent(contentDir, plant) : []);

  const charts = createChartService({
    store,
    plant,
    canEditChart: (actor) => rights.has(actor, 'editCharts'),
  });
  const annotations = createAnnotationService({ store, plant });
  const scheduledExports = createScheduledExports({
    db: store.db,
    reports,
    annotations: (query) => annotations.list(query),
    canRead: async (userId, pv) => {
      const user = await store.users.byId(userId);
      return user !== undefined && !user.disabled && rights.onPv({ userId }, 'read', pv);
    },
    plantName: plant.info.name,
    timeZone,
    exportDir: path.join(config.dataDir, 'exports'),
    // The server's one mail sender (LEITWARTE_SMTP_*), as the remote alarm uses it.
    mail: config.remoteAlarm.smtp ? createSmtpMailSender(config.remoteAlarm.smtp) : null,
    fencedWrite: (work, what) => store.fencedWrite(work, what),
  });
  let exportTimer: NodeJS.Timeout | null = null;
  let exportRun: Promise<unknown> = Promise.resolve();
  const dashboards = createDashboardService({
    store,
    references: {
      pvExists: (ref) => plant.config(pvKey(ref)) !== undefined,
      stationExists: (nr) => plant.station(nr) !== undefined,
      // Called on saves only, long after the webcams below are set up.
      webcamExists: async (id) => ((await webcams?.list(id)) ?? []).length > 0,
      chartExists: async (id) => (await charts.series(id)) !== undefined,
    },
  });
  const weather = createWeatherService({ url: config.weatherUrl, key: config.weatherKey, log });
  const webcamsFile = file('webcams.json');
  const webcams = webcamsFile
    ? createWebcamService({
        ...resolveWebcamsContent(readContentFile(webcamsFile, WebcamsContentSchema), plant, webcamsFile),
        ...(config.backfill ? {} : { backfillHours: 0 }),
        store,
        plant,
        dataDir: config.dataDir,
        timeZone,
        // A real camera that stops or starts answering is a system event of the station.
        onStatus: (camera, status) => {
          if (status.status === 'unknown') return;
          const offline = status.status === 'offline';
          void controlEvents
            .record({
              kind: offline ? 'webcamOffline' : 'webcamOnline',
              station: camera.stationNumber,
              object: camera.name,
              text: offline
                ? `${camera.name}: keine Verbindung (${status.lastError ?? 'unbekannt'})`
                : `${camera.name}: Verbindung wiederhergestellt`,
            })
            .catch(() => {});
        },
      })
    : null;
  const processImagesDir = path.join(contentDir, 'process-images');
  const processImages = createProcessImageService({ directory: processImagesDir });
  // Like every content file: an image that binds an unknown PV or attribute stops the start.
  processImages.check(plant);

  /** The series of a chart as the chart-data calls need them; null for an unknown chart. */
  async function chartSeries(chartId: number): Promise<ChartSeriesRef[] | null> {
    const series = await charts.series(chartId);
    if (series === undefined) return null;
    return series.map((s) => ({
      seriesId: s.id,
      pv: s.pv,
      measurementType: s.measurementType,
      dimension: plant.config(pvKey(s.pv))?.dimension ?? '',
    }));
  }

  let disconnectConditions: () => void = () => {};

  // An alert of an active priority starts the remote alarm of its station's plans.
  alerts.onNewAlert((alert) => {
    if (alert.station === null) return;
    const text = [alert.description, alert.message].filter((t) => t !== '').join(': ');
    void remoteAlarm.onAlarm(alert.station, alert.priority, text).catch(() => {});
  });

  return {
    systemConfig,
    limits,
    alerts,
    priorityOutputs,
    controlEvents,
    remoteAlarm,
    textMessages,
    pipeLeakage,
    energy,
    maintenance,
    runtimes,
    runtimeRates,
    reports,
    scheduledExports,
    rueb,
    sebam,
    charts,
    annotations,
    dashboards,
    weather,
    webcams,
    processImages,
    historian,
    /** The PV groups (areas) of the plant: ids, station, name and their PVs. */
    pvGroups,
    pvEvents,
    pvWrites,
    pvConfigWrites,
    chartSeries,
    /** Brings everything up; the plant starts between the configs and the engines that watch it. */
    async start(): Promise<void> {
      await systemConfig.start();
      await limits.start();
      const chartsFile = file('charts.json');
      if (chartsFile) {
        await charts.seed(
          resolveChartsContent(readContentFile(chartsFile, ChartsContentSchema), plant, chartsFile),
        );
      }
      const dashboardsFile = file('dashboards.json');
      if (dashboardsFile) {
        const content = readContentFile(dashboardsFile, DashboardsContentSchema);
        await dashboards.seed(await resolveDashboardsContent(content, plant, dashboardsFile));
      }
      await textMessages.start();
      // Before the plant starts: its first image is archived too.
      await historian.start();
      await startPlantFromHistory({
        plant,
        historian,
        limits,
        store,
        rights,
        // Generated history is for the simulated plant; an archive of field values holds measurements only.
        backfill: { enabled: generatedHistory, days: config.backfillDays },
        alertSettings: () => systemConfig.get().systemSettings,
        log: log ?? { info: () => {} },
        overflows: { configs: rueb.configs(), record: (past) => rueb.recordPast(past) },
      });
      // Before the engine starts: the alerts it raises at once are recorded as they come.
      controlEvents.start();
      await alerts.start();
      // Faulty alarm lines, pipe-leakage alarms and due service messages are alerts too.
      disconnectConditions = connectExternalConditions(
        alerts,
        {
          onLineInfo: remoteAlarm.onLineInfo,
          onPipeLeakage: pipeLeakage.onPipeLeakage,
          onServiceMessage: maintenance.onServiceMessage,
          activeServiceMessages: maintenance.activeServiceMessages,
        },
        { priority: () => systemConfig.get().systemSettings.stationConnectionAlertPriority },
      );
      await remoteAlarm.start();
      await pipeLeakage.start();
      await energy.start();
      await webcams?.start();
      await scheduledExports.recoverInterrupted();
      // Due exports are looked for every minute; each period runs once (claimed in the store).
      const runExports = () => {
        exportRun = scheduledExports.runDue().catch((error: unknown) => {
          // Refused by the fencing token: the field owner logged it once and stops the engines.
          if (isFencedOut(error)) return;
          process.emitWarning(
            error instanceof Error ? error : new Error(String(error)),
            'ScheduledExportError',
          );
        });
      };
      exportTimer = setInterval(runExports, SCHEDULED_EXPORT_CHECK_MS);
      exportTimer.unref();
      runExports();
    },
    async stop(): Promise<void> {
      if (exportTimer) clearInterval(exportTimer);
      await exportRun;
      await webcams?.stop();
      await energy.stop();
      await pipeLeakage.stop();
      await remoteAlarm.stop();
      disconnectConditions();
      await alerts.stop();
      await controlEvents.stop();
      rueb.stop();
      maintenance.stop();
      reportSource.stop();
      // Samples still buffered are written before the store closes.
      await historian.stop();
      await plant.stop();
    },
  };
}
export type Domain = Awaited<ReturnType<typeof createDomain>>;
