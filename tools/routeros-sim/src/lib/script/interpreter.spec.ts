import { FakeDevice } from './fake-device';
import { runScript } from './run-script';
import type { ScriptValue } from './values';

async function run(source: string, device = new FakeDevice(), globals = new Map<string, ScriptValue>()) {
  const result = await runScript(device, source, globals);
  return { ...result, device, globals };
}

describe('script interpreter', () => {
  it('evaluates variables, strings with interpolation, numbers and concatenation', async () => {
    const { output, error } = await run(':local a 2\n:local b ($a * 3 + 1)\n:put "a=$a b=$b sum=$($a + $b)"\n:put ("x" . $b . "y")\n:put [:len "hello"]');
    expect(error).toBeUndefined();
    expect(output).toBe('a=2 b=7 sum=9\nx7y\n5\n');
  });

  it('scopes :local to its block and keeps :global device-wide', async () => {
    const globals = new Map<string, ScriptValue>();
    const { output } = await run(':global g "kept"\n{ :local inner 1; :put "in=$inner" }\n:put "out=$inner"\n:set g "changed"', new FakeDevice(), globals);
    expect(output).toBe('in=1\nout=\n');
    expect(globals.get('g')).toBe('changed');
  });

  it('runs :if/else, :for, :foreach over arrays and :while', async () => {
    const { output } = await run(':if (1 < 2) do={ :put yes } else={ :put no }\n:for i from=1 to=3 do={ :put $i }\n:foreach x in={"a";"b"} do={ :put $x }\n:local n 0; :while ($n < 2) do={ :set n ($n + 1) }; :put $n');
    expect(output).toBe('yes\n1\n2\n3\na\nb\n2\n');
  });

  it('converts and inspects values: :tostr, :tonum, :typeof, :pick, :find', async () => {
    const { output } = await run(':put [:typeof 5]; :put [:typeof "5"]; :put [:typeof [:tonum "42"]]; :put [:typeof true]; :put [:typeof 1m]; :put [:pick "router" 0 3]; :put [:find "router" "t"]; :put [:tostr 5]');
    expect(output).toBe('num\nstr\nnum\nbool\ntime\nrou\n3\n5\n');
  });

  it('disables the rules a find where selects, through the device', async () => {
    const { device, error } = await run(':foreach i in=[/ip firewall filter find where comment~"x" && disabled=no] do={ /ip firewall filter set $i disabled=yes }');
    expect(error).toBeUndefined();
    expect(device.tables['ip/firewall/filter'].map((r) => r['disabled'])).toEqual(['true', 'false']);
  });

  it('reads values with get and compares them typed', async () => {
    const { device, output } = await run(':if ([/system identity get name] = "r1") do={ :log info "yes" }\n:put [/interface get [find name=ether2] disabled]\n:put [:typeof [/interface get *1 mtu]]\n:put "on $[/system identity get name]"');
    expect(device.logs).toEqual(['script,info: yes']);
    expect(output).toBe('true\nnum\non r1\n');
  });

  it('follows relative menu navigation and returns the new id of add', async () => {
    const { device, output } = await run('/ip firewall filter\nadd chain=input comment="new one"\n:local id [add chain=forward]\n:put $id\nremove [find comment="other"]');
    expect(output).toBe('*11\n');
    expect(device.tables['ip/firewall/filter'].map((r) => r['comment'] ?? r['chain'])).toEqual(['mcp x rule', 'new one', 'forward']);
  });

  it('stops at a failing command with RouterOS\'s message, keeping what ran before', async () => {
    const { device, error } = await run('/system identity set name=first\n/interface set *99 disabled=yes\n/system identity set name=never');
    expect(error).toBe('no such item');
    expect(device.tables['system/identity'][0]['name']).toBe('first');
  });

  it('catches a failure with :do on-error, and :error raises one', async () => {
    const { device, error } = await run(':do { /ip address add address=bad } on-error={ :log warning "caught" }\n:do { :error "mine" } on-error={ :log error "caught mine" }');
    expect(error).toBeUndefined();
    expect(device.logs).toEqual(['script,warning: caught', 'script,error: caught mine']);
    expect((await run(':error "stop here"; :put never')).error).toBe('stop here');
  });

  it('runs nothing of a script with a syntax error, naming its line and column', async () => {
    const a = await run('/system identity set name=ran\n:put "unterminated');
    expect(a.error).toMatch(/^syntax error \(line 2 column \d+\)$/);
    expect(a.device.tables['system/identity'][0]['name']).toBe('r1');
    const b = await run('/system identity set name=ran; /ip firewall filter add chain=input foo=bar');
    expect(b.error).toBe('expected end of command (line 1 column 68)');
    expect(b.device.tables['system/identity'][0]['name']).toBe('r1');
    expect((await run('/system bogus')).error).toBe('bad command name bogus (line 1 column 9)');
    expect((await run(':frobnicate 1')).error).toBe('bad command name frobnicate (line 1 column 2)');
  });

  it('waits with :delay on the device and ends early with :return', async () => {
    const { device, output } = await run(':delay 2s; :put a; :return 1; :put b');
    expect(device.slept).toBe(2000);
    expect(output).toBe('a\n');
  });

  it('tests an address against a prefix with in', async () => {
    expect((await run(':put (10.1.2.3 in 10.0.0.0/8); :put (192.168.1.1 in 10.0.0.0/8)')).output).toBe('true\nfalse\n');
  });

  it('runs the product\'s revert script form', async () => {
    const { device, error } = await run('/system identity set name=restored; /interface set [find name="ether2"] disabled=no; /ip firewall filter remove [find comment="other"]');
    expect(error).toBeUndefined();
    expect(device.tables['system/identity'][0]['name']).toBe('restored');
    expect(device.tables['interface'][1]['disabled']).toBe('false');
    expect(device.tables['ip/firewall/filter']).toHaveLength(1);
  });
});
