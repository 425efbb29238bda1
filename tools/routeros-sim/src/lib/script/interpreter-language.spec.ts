import { FakeDevice } from './fake-device';
import { runScript } from './run-script';
import { Duration, KeyedArray, ScriptFunction, type ScriptValue } from './values';

async function run(source: string, device = new FakeDevice(), globals = new Map<string, ScriptValue>()) {
  const result = await runScript(device, source, globals);
  return { ...result, device, globals };
}

/** The language beyond commands: keyed arrays, functions, `:execute`, `:resolve`, `:time`, `:retry`. */
describe('script language', () => {
  it('builds keyed arrays, reads elements with -> and sets them with :set ($arr->k)', async () => {
    const { output, error } = await run(
      ':local a {"b"=2;"a"=1}\n:put $a\n:put ($a->"a")\n:put [:len $a]\n:set ($a->"c") 3\n:set ($a->"a") ($a->"a" + 10)\n:put $a\n:put [:typeof $a]\n:local l {5;6}\n:put ($l->1)\n:set ($l->0) 9\n:put $l\n:put [:typeof ($a->"missing")]',
    );
    expect(error).toBeUndefined();
    expect(output).toBe('a=1;b=2\n1\n2\na=11;b=2;c=3\narray\n6\n9;6\nnothing\n');
  });

  it('iterates a keyed array with :foreach k,v, counting into it', async () => {
    const { output, error } = await run(':local c ({})\n:foreach n in={"x";"y";"x"} do={ :set ($c->$n) (($c->$n) + 1) }\n:foreach k,v in=$c do={ :put "$k=$v" }\n:foreach i,v in={"p";"q"} do={ :put "$i:$v" }');
    expect(error).toBeUndefined();
    expect(output).toBe('x=2\ny=1\n0:p\n1:q\n');
  });

  it('finds a value in a keyed array by key, and picks from it', async () => {
    const { output } = await run(':local a {"k1"="v1";"k2"="v2"}\n:put [:find $a "v2"]\n:put [:typeof [:find $a "none"]]\n:put [:pick $a 0]');
    expect(output).toBe('k2\nnil\nv1\n');
  });

  it('declares functions with do= and calls them with $1 and named values, :return giving the value', async () => {
    const globals = new Map<string, ScriptValue>();
    const { output, error } = await run(':global add do={ :return ($1 + $x) }\n:put [$add 1 x=2]\n:local greet do={ :put "hi $name from $0" }\n$greet name=sim\n:put [:typeof $add]', new FakeDevice(), globals);
    expect(error).toBeUndefined();
    expect(output).toBe('3\nhi sim from greet\ncode\n');
    expect(globals.get('add')).toBeInstanceOf(ScriptFunction);
  });

  it("keeps the caller's locals out of a function and stops the function, not the script, at :return", async () => {
    const { output } = await run(':local secret 7\n:local f do={ :foreach i in={1;2;3} do={ :if ($i = 2) do={ :return $i } }; :put never }\n:put [$f]\n:local g do={ :return [:typeof $secret] }\n:put [$g]\n:put after');
    expect(output).toBe('2\nnothing\nafter\n');
  });

  it('starts :execute jobs in the background and answers their id; as-string waits for the output', async () => {
    const device = new FakeDevice();
    const { output, error } = await run(':local j [:execute {:put inside; :log info x}]\n:put [:typeof $j]\n:put [:execute script=":put hello" as-string]\n:execute ":put kept" file=out', device);
    expect(error).toBeUndefined();
    expect(output).toBe('id\nran :put hello\n\n');
    expect(device.executed).toHaveLength(3);
    await Promise.resolve();
    expect(device.files).toEqual({ out: 'ran :put kept\n' });
  });

  it('resolves names the device knows and fails with RouterOS\'s text otherwise', async () => {
    expect((await run(':put [:resolve router.lan]; :put [:resolve domain-name="router.lan"]; :put [:resolve 10.0.0.1]')).output).toBe('192.168.88.1\n192.168.88.1\n10.0.0.1\n');
    const missing = await run(':put [:resolve nowhere.example]');
    expect(missing.error).toBe('failure: dns name does not exist');
    expect((await run(':do { :resolve nowhere.example } on-error={ :put caught }')).output).toBe('caught\n');
  });

  it('measures with :time as a duration', async () => {
    const { output } = await run(':put [:time {:delay 2s}]; :put [:typeof [:time {:put x}]]');
    expect(output).toBe('00:00:02\nx\ntime\n');
  });

  it('retries a failing command up to max times with delay between, then runs on-error', async () => {
    const device = new FakeDevice();
    const { output, error } = await run(':global tries 0\n:retry command={ :set tries ($tries + 1); :error "no" } delay=3 max=3 on-error={ :put "gave up after $tries" }\n:retry command={ :put ok } max=2', device);
    expect(error).toBeUndefined();
    expect(output).toBe('gave up after 3\nok\n');
    expect(device.slept).toBe(6000);
    expect((await run(':retry command={ :error "still no" } delay=1 max=2')).error).toBe('still no');
  });

  it('names the running script with :jobname', async () => {
    expect((await run(':put [:jobname]')).output).toBe('fake-script\n');
  });

  it('prints fractions of a second as RouterOS does', async () => {
    expect(String(new Duration(0.000512))).toBe('00:00:00.000512');
    expect(String(KeyedArray.of([1, 2]).values())).toBe('1,2');
  });

  it('stops a job whose signal is aborted before its next command, past on-error', async () => {
    const stop = new AbortController();
    const device = new FakeDevice();
    device.sleep = async () => void stop.abort();
    const result = await runScript(device, ':put a; :do { :delay 1s; :put b } on-error={ :put caught }; :put c', new Map(), [], stop.signal);
    expect(result).toEqual({ output: 'a\n', error: 'interrupted' });
  });
});
