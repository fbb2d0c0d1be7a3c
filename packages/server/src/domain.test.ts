import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from './test-support/databases.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

const operator = { userId: 1, username: 'admin', role: 'administrator' };

// The whole plant as the running server has it: every area service created, seeded from the
// demo content and started by build(), on both stores.
describe.each(BOTH_DIALECTS)('the demo plant in the running server on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('has the system config with the ten priorities and a password policy', () => {
    const config = server.services.domain.systemConfig.get();
    expect(config.priorities).toHaveLength(10);
    expect(config.passwordPolicy.minLength).toBeGreaterThanOrEqual(8);
  });

  it('has limits, PV groups for priority outputs and an alert archive that answers', async () => {
    const { domain } = server.services;
    expect(domain.priorityOutputs.options().hasOptions).toBe(true);
    const { alerts, total } = await domain.alerts.range(0, Date.now() + 1, 100);
    expect(total).toBeGreaterThanOrEqual(alerts.length);
  });

  it('has remote-alarm plans, lines and call numbers', async () => {
    const plans = await server.services.domain.remoteAlarm.plans(operator);
    expect(plans.alarmPlans.length).toBeGreaterThanOrEqual(11);
    expect(plans.alarmCallnumbers.length).toBeGreaterThanOrEqual(6);
    expect(server.services.domain.remoteAlarm.lineInfos().length).toBeGreaterThanOrEqual(11);
  });

  it('has maintenance notifications, reports, overflow basins, Sebam and text messages', async () => {
    const { domain } = server.services;
    expect(domain.maintenance.notifications().length).toBeGreaterThan(0);
    expect((await domain.reports.configs()).map((r) => r.kind).sort()).toEqual(
      ['day', 'month', 'overflow', 'special', 'week', 'year'].sort(),
    );
    expect(domain.rueb.configs()).toHaveLength(2);
    expect(domain.sebam.configs().length).toBeGreaterThan(0);
    expect(domain.pipeLeakage.configs().length).toBeGreaterThan(0);
    expect(domain.energy.values().length).toBeGreaterThan(0);
  });

  it('has charts in directories, a default dashboard, two webcams and a process image for every station that names one', async () => {
    const { domain, plant } = server.services;
    const directories = await domain.charts.directories('Measurement', operator);
    expect(directories.length).toBeGreaterThan(0);
    expect((await domain.dashboards.config()).dashboards.length).toBeGreaterThan(0);
    expect((await domain.webcams!.list()).length).toBeGreaterThanOrEqual(2);
    const images = new Set(domain.processImages.list().map((i) => i.name));
    expect(images.size).toBeGreaterThanOrEqual(3);
    for (const station of plant.stations()) {
      if (station.processImage !== null) expect(images, station.name).toContain(station.processImage);
    }
    expect(domain.processImages.unknownPvs(plant)).toEqual([]);
  });
});
