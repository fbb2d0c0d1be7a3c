import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnectionLike } from './connection-manager';

/**
 * The official client against `/hubs/{channel}`; WebSockets only, as that is what our server
 * speaks. No automatic reconnect of SignalR's own: the connection manager reconnects (it never
 * gives up while leased and shows a countdown), and re-subscribes on the fresh connection.
 */
export function createHubConnection(channel: string): HubConnectionLike {
  return new HubConnectionBuilder()
    .withUrl(`/hubs/${channel}`, { transport: HttpTransportType.WebSockets, withCredentials: true })
    .configureLogging(LogLevel.Warning)
    .build();
}
