/** Who a write is done for: the logged-in user (audit), or the system itself (null id). */
export interface MaintenanceActor {
  userId: number | null;
  username: string;
  remoteAddress?: string | null;
}
