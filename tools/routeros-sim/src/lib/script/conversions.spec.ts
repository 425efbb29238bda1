import { FakeDevice } from './fake-device';
import { runScript } from './run-script';
import type { ScriptValue } from './values';

async function run(source: string) {
  return runScript(new FakeDevice(), source, new Map<string, ScriptValue>());
}

/** RouterOS 7's conversions and data commands: `:toip`, `:toip6`, `:totime`, `:parse`, `:serialize`, `:deserialize`, `:convert`. */
describe('script conversions', () => {
  it('types address literals and property values as RouterOS does: ip, ip-prefix, ip6, ip6-prefix', async () => {
    const { output, error } = await run(':put [:typeof 10.0.0.1]; :put [:typeof 10.0.0.0/8]; :put [:typeof 2001:db8::1]; :put [:typeof 2001:DB8::/32]; :put 2001:DB8:0::1; :put [:typeof "10.0.0.1"]; :put (10.0.0.9 < 10.0.0.10); :put [:typeof [:resolve router.lan]]');
    expect(error).toBeUndefined();
    expect(output).toBe('ip\nip-prefix\nip6\nip6-prefix\n2001:db8::1\nstr\ntrue\nip\n');
  });

  it(':toip and :toip6 convert addresses and give nil for anything else', async () => {
    const { output, error } = await run(
      ':put [:toip "192.168.88.1"]; :put [:typeof [:toip "192.168.88.1"]]; :put [:typeof [:toip "300.1.1.1"]]; :put [:typeof [:toip "10.0.0.0/8"]]; :put [:typeof [:toip "router"]]; :put [:toip6 "FE80:0:0::1"]; :put [:typeof [:toip6 "fe80::1"]]; :put [:typeof [:toip6 "10.0.0.1"]]; :put [:toip value="10.1.1.1"]',
    );
    expect(error).toBeUndefined();
    expect(output).toBe('192.168.88.1\nip\nnil\nnil\nnil\nfe80::1\nip6\nnil\n10.1.1.1\n');
  });

  it(':totime reads durations, clock times and seconds; :tonsec gives nanoseconds; :toid ids', async () => {
    const { output, error } = await run(':put [:totime "1h30m"]; :put [:totime 90]; :put [:totime "1d00:05:00"]; :put [:typeof [:totime "1h"]]; :put [:typeof [:totime "soon"]]; :put [:tonsec 1500ms]; :put [:typeof [:toid "*1a"]]; :put [:toid "*1a"]; :put [:typeof [:toid "x"]]');
    expect(error).toBeUndefined();
    expect(output).toBe('01:30:00\n00:01:30\n1d00:05:00\ntime\nnil\n1500000000\nid\n*1A\nnil\n');
  });

  it(':tonum, :tostr, :tobool and :toarray convert or give nil', async () => {
    const { output, error } = await run(':put [:tonum "42"]; :put [:typeof [:tonum "4x"]]; :put [:tonum 2m]; :put [:tostr {1;2}]; :put [:tobool "yes"]; :put [:tobool 0]; :put [:typeof [:tobool "maybe"]]; :put [:len [:toarray "a,b,c"]]');
    expect(error).toBeUndefined();
    expect(output).toBe('42\nnil\n120\n1;2\ntrue\nfalse\nnil\n3\n');
  });

  it(':parse turns text into code called as $f and [$f] with arguments; unreadable text fails catchably', async () => {
    const { output, error } = await run(':local f [:parse ":put hello"]\n$f\n:put [:typeof $f]\n:local add [:parse ":return (\\$1 + \\$n)"]\n:put [$add 2 n=3]\n:do { :local bad [:parse ":put ("] } on-error={ :put caught }');
    expect(error).toBeUndefined();
    expect(output).toBe('hello\ncode\n5\ncaught\n');
  });

  it(':serialize to=json writes arrays, keyed arrays, numbers, booleans and nil; numeric strings as numbers', async () => {
    const { output, error } = await run(':put [:serialize to=json {"name"="r1";"up"=true;"mtu"=1500;"ips"={10.0.0.1;"x"};"n"="42";"t"=1m}]\n:put [:serialize to=json value={1;2}]\n:put [:serialize to=json [:nothing]]');
    expect(error).toBeUndefined();
    expect(output).toBe('{"ips":["10.0.0.1","x"],"mtu":1500,"n":42,"name":"r1","t":"00:01:00","up":true}\n[1,2]\nnull\n');
  });

  it(':serialize json.no-string-conversion keeps strings and json.pretty indents', async () => {
    const { output } = await run(':put [:serialize to=json options=json.no-string-conversion {"n"="42"}]\n:put [:serialize to=json options=json.pretty {"a"=1}]');
    expect(output).toBe('{"n":"42"}\n{\n    "a": 1\n}\n');
  });

  it(':deserialize from=json reads objects as keyed arrays, typed; bad JSON fails', async () => {
    const { output, error } = await run(
      ':local v [:deserialize from=json value="{\\"a\\":1,\\"b\\":[true,null,\\"10.0.0.1\\"],\\"c\\":\\"7\\"}"]\n:put ($v->"a")\n:put [:typeof ($v->"a")]\n:put [:typeof (($v->"b")->0)]\n:put [:typeof (($v->"b")->1)]\n:put [:typeof (($v->"b")->2)]\n:put [:typeof ($v->"c")]\n:put [:typeof ([:deserialize from=json options=json.no-string-conversion "{\\"c\\":\\"7\\"}"]->"c")]\n:do { :put [:deserialize from=json "{oops"] } on-error={ :put refused }',
    );
    expect(error).toBeUndefined();
    expect(output).toBe('1\nnum\nbool\nnil\nip\nnum\nstr\nrefused\n');
  });

  it(':serialize without to= or to an unmodelled format fails with RouterOS-style words', async () => {
    expect((await run(':put [:serialize {1}]')).error).toBe('missing value for to');
    expect((await run(':put [:deserialize from=xml "x"]')).error).toBe('unsupported serialization format xml');
  });

  it(':convert between raw, hex, base64, url and byte-array', async () => {
    const { output, error } = await run(':put [:convert to=base64 "hello"]; :put [:convert from=base64 to=hex "aGVsbG8="]; :put [:convert from=hex "68690a" to=byte-array]; :put [:convert from=byte-array to=raw {104;105}]; :put [:convert to=url "a b&c"]');
    expect(error).toBeUndefined();
    expect(output).toBe('aGVsbG8=\n68656c6c6f\n104;105;10\nhi\na%20b%26c\n');
    expect((await run(':put [:convert to=rot99 "x"]')).error).toBe('invalid value for argument to');
  });
});
