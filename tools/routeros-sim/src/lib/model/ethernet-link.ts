import type { Row } from '../rest/print-query';

/**
 * What the cable of a copper port leads to: a 10/100/1000BASE-T NIC or switch port that auto-negotiates (the managing
 * client, or the switch it sits behind). Chosen without a source for the partner: it is the usual office NIC.
 */
const PARTNER_SPEEDS = new Set(['10M-baseT-half', '10M-baseT-full', '100M-baseT-half', '100M-baseT-full', '1G-baseT-half', '1G-baseT-full']);
/** Forced speeds a partner that auto-negotiates still detects (IEEE 802.3 clause 28 parallel detection: 10/100 only). */
const PARALLEL_DETECT = /^(10M|100M)-baseT-(half|full)$/;

const list = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * Why a copper Ethernet port with its cable in would have no link with its partner, from its link settings (the
 * Ethernet manual: with `auto-negotiation=yes` the port offers the `advertise` speeds, without it runs at `speed`).
 * - auto-negotiation on: no advertised speed in common with the partner means no link;
 * - auto-negotiation off: 10M/100M come up by the partner's parallel detection (at half duplex), 1G and faster copper do not
 *   (1000BASE-T cannot run without auto-negotiation, IEEE 802.3 clause 40.5).
 * SFP ports (their module decides) and rows without link settings are not judged here.
 */
export function negotiationProblem(row: Row): string | undefined {
  if (row['auto-negotiation'] === undefined || /^(sfp|qsfp)/.test(row['name'] ?? '')) return undefined;
  if (row['auto-negotiation'] !== 'false') {
    return list(row['advertise']).some((s) => PARTNER_SPEEDS.has(s)) ? undefined : `it advertises ${row['advertise'] || 'no speed'}, none of which its 10/100/1000BASE-T partner offers`;
  }
  const speed = row['speed'] ?? '';
  return PARALLEL_DETECT.test(speed) ? undefined : `auto-negotiation is off at speed ${speed}, which its partner cannot detect without auto-negotiation`;
}

/** Whether an interface row has link: its cable is in (`.link`) and, for a copper port, its settings agree with the partner. */
export const hasLink = (row: Row): boolean => row['.link'] !== 'down' && negotiationProblem(row) === undefined;
