import { ConnectionManager } from './connection-manager';

/** The app's one connection manager: every live channel is registered here (calls §4). */
export const liveConnections = new ConnectionManager();
