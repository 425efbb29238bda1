import { Check, cut, ok } from './check';
import { ServiceTarget } from './endpoint';
import { parseIpv4Range, spanContains } from './ip-range';
import { splitList } from './snapshot';

/** `/ip/service` still serves the service's connections: enabled, same port, VRF and certificate, client allowed. */
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
      const hasCert = (c: string) => c !== '' && c !== 'none';
      if (target.name === 'www-ssl' && was && hasCert(was.certificate) && !hasCert(s.certificate)) return cut(`www-ssl would lose its certificate`, details);
      return ok;
    },
  };
}
