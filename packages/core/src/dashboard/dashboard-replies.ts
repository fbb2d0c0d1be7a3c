import { Type, type Static } from 'typebox';

/** Reply of PATCH /api/dashboard/note and the dashboard channel's noteUpdate: the saved note. */
export const DashboardNoteUpdateSchema = Type.Object({
  id: Type.Integer(),
  dashboardId: Type.Integer(),
  note: Type.String(),
  updatedAt: Type.Number(),
  updatedBy: Type.String(),
});
export type DashboardNoteUpdate = Static<typeof DashboardNoteUpdateSchema>;
