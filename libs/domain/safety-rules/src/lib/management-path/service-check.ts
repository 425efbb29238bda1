import { Check, cut, ok } from './check';
import { ServiceTarget } from './endpoint';
import { parseIpv4Range, spanContains } from './ip-range';
import { CertificateInfo, ServiceInfo, Snapshot, splitList } from './snapshot';

const hasCert = (c: string) => c !== '' && c !== 'none';
const certificateNamed = (snap: Snapshot, name: string) => snap.certificates.find((c) => c.name === name);

/**
 * Whether www-ssl keeps presenting the certificate it presents now. The service pins the device's TLS identity at
 * enrolment, so another certificate breaks every new session as surely as none. RouterOS follows a certificate's
 * rename (the service then names it anew), so the certificate is followed by its id too.
 */
function certificateCut(was: ServiceInfo, s: ServiceInfo, before: Snapshot, snap: Snapshot): string | undefined {
  const served = hasCert(was.certificate) ? certificateNamed(before, was.certificate) : undefined;
  // Not serving now (no certificate, or one the device does not hold): nothing to keep.
  if (!served) return undefined;
  const after: CertificateInfo | undefined = certificateNamed(snap, s.certificate) ?? (s.certificate === was.certificate ? snap.certificates.find((c) => c.id === served.id && c.id !== '') : undefined);
  if (!after) return `www-ssl's certificate ${s.certificate} would be removed from /certificate`;
  const identity = (c: CertificateInfo) => c.fingerprint || `id ${c.id}`;
  if (identity(after) !== identity(served)) return `www-ssl would present certificate ${after.name} instead of ${served.name}: the device's pinned TLS identity would change`;
  if (!after.privateKey) return `www-ssl's certificate ${after.name} would have no private key`;
  return undefined;
}

/** `/ip/service` still serves the service's connections: enabled, same port, VRF and certificate (the same one), client allowed. */
export function serviceCheck(target: ServiceTarget): Check {
  return {
    name: `service:${target.name}`,
    run(snap, ep, before) {
      const s = snap.services.get(target.name);
      const was = before.services.get(target.name);
      const details = { service: target.name };
      if (!s) return cut(`${target.name} would be removed`, details);
      if (s.disabled) return cut(`${target.name} would be disabled`, details);
      if (s.port !== target.port) return cut(`${target.name} would move from port ${target.port} to ${s.port}`, details);
      const allowed = splitList(s.address);
      if (allowed.length > 0 && !allowed.some((a) => { const r = parseIpv4Range(a); return r !== undefined && spanContains(r, ep.clientIp); })) {
        return cut(`${target.name} would accept only from ${allowed.join(',')}`, details);
      }
      if (was && was.vrf !== s.vrf) return cut(`${target.name} would move from VRF ${was.vrf} to ${s.vrf}`, details);
      if (target.name === 'www-ssl' && was) {
        const lost = hasCert(was.certificate) && !hasCert(s.certificate) ? 'www-ssl would lose its certificate' : certificateCut(was, s, before, snap);
        if (lost) return cut(lost, details);
      }
      return ok;
    },
  };
}
