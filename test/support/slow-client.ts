// Plays one slow client of test/fixtures/hostile/hostile-requests.ts over a raw connection, until the server cuts it.
import type { RawTarget, SlowClient } from '../fixtures/hostile/hostile-requests.ts';
import { rawConnection, type RawConnection } from './listening-app.ts';

export interface PlayedSlowClient {
  connection: RawConnection;
  /** Bytes sent after the opening: a dripping client kept sending. */
  dripped: () => number;
}

/**
 * Connects to `port`, writes the client's opening and drips a byte on its interval until the connection closes.
 *
 * @example
 * const played = playSlowClient(t.port, slowClients(100)[0], { path: '/v1/user', host: t.host, token: null });
 * await played.connection.closed;
 */
export function playSlowClient(port: number, client: SlowClient, target: RawTarget): PlayedSlowClient {
  const connection = rawConnection(port);
  let dripped = 0;
  connection.socket.write(client.opening(target));
  if (client.dripEveryMs !== undefined) {
    const drip = setInterval(() => {
      if (connection.socket.destroyed || !connection.socket.writable) return;
      connection.socket.write('a');
      dripped += 1;
    }, client.dripEveryMs);
    void connection.closed.then(() => clearInterval(drip));
  }
  return { connection, dripped: () => dripped };
}
