// A hostile request and a probe sent together, and which settled first: a service whose event loop the hostile
// request holds cannot answer the probe before it.

/**
 * Starts `hostile`, then at once `probe`, and answers both with which settled first.
 *
 * @example
 * const sent = await alongside(() => t.call('POST', path, { body }), () => t.call('GET', '/v1/user'));
 * expect(sent.probe.status).toBe(200);
 */
export async function alongside<H, P>(hostile: () => Promise<H>, probe: () => Promise<P>): Promise<{ hostile: H; probe: P; first: 'hostile' | 'probe' }> {
  let first: 'hostile' | 'probe' | undefined;
  const hostileAnswer = hostile().then((answer) => ((first ??= 'hostile'), answer));
  const probeAnswer = probe().then((answer) => ((first ??= 'probe'), answer));
  const [answer, probed] = await Promise.all([hostileAnswer, probeAnswer]);
  return { hostile: answer, probe: probed, first: first! };
}
