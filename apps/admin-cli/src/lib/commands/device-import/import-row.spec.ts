import { formatOf } from './import-file';
import { readRow } from './import-row';

describe('import rows', () => {
  it('reads CSV strings and YAML values into the same enrolment input', () => {
    const csv = readRow({ id: 'dev-1', name: 'R1', host: '10.0.0.1', rest_port: '8443', environment: 'lab', tags: 'site=ber1;role=edge', critical: 'yes', allow_firewall_writes: 'true', password_env: 'PW' }, 1);
    const yaml = readRow({ id: 'dev-1', name: 'R1', host: '10.0.0.1', rest_port: 8443, environment: 'lab', tags: { site: 'ber1', role: 'edge' }, critical: true, allow_firewall_writes: true, password_env: 'PW' }, 1);
    // Ports stay as written: the domain parses either form.
    expect({ ...csv, input: { ...csv.input, restPort: 8443 } }).toEqual(yaml);
    expect(csv).toMatchObject({ problems: [], passwordEnv: 'PW', input: { restPort: '8443', critical: true, capabilities: { allow_firewall_writes: true }, tags: { site: 'ber1', role: 'edge' } } });
  });

  it('names every unknown, missing or ill-typed field, and refuses passwords in the file', () => {
    const row = readRow({ id: 'dev-1', host: '10.0.0.1', environment: 'lab', colour: 'red', password: 'x', critical: 'maybe', tags: 'novalue' }, 4);
    expect(row.problems.map((p) => p.field)).toEqual(['colour', 'password', 'name', 'critical', 'tags']);
    expect(row.problems[1].message).toContain('password_env');
  });

  it('tells the format by extension or --format', () => {
    expect(formatOf('a.CSV')).toBe('csv');
    expect(formatOf('a.yml')).toBe('yaml');
    expect(formatOf('a.txt', 'yaml')).toBe('yaml');
    expect(() => formatOf('a.txt')).toThrow('format: cannot tell the format of a.txt');
  });
});
