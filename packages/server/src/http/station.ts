import { StationSchema, type PvRef } from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';

/** Stations (calls §7 Stations): the read side. */
export const stationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { plant, rights } = services;
  let pvsByStation: Map<number, PvRef[]> | null = null;
  const pvsOf = (station: number): readonly PvRef[] => {
    if (pvsByStation === null) {
      pvsByStation = new Map();
      for (const config of plant.pvConfigs()) {
        const nr = plant.stationOf(config.pvRef);
        if (nr === null) continue;
        const own = pvsByStation.get(nr);
        if (own) own.push(config.pvRef);
        else pvsByStation.set(nr, [config.pvRef]);
      }
    }
    return pvsByStation.get(station) ?? [];
  };

  app.get(
    '/api/station/GetAllStations',
    {
      schema: {
        tags: ['station'],
        summary: 'The stations the user may read, with dial state, counters and location',
        response: { 200: Type.Array(StationSchema) },
      },
    },
    async (request) => {
      const principal = sessionOf(request);
      // Readable: the right read on the station, or on one of its PVs (e.g. through a PV area).
      return plant
        .stations()
        .filter(
          (s) =>
            rights.onStation(principal, 'read', s.stationNumber) ||
            pvsOf(s.stationNumber).some((ref) => rights.canReadPv(principal, ref)),
        );
    },
  );
};
