import { simControl } from '@routeros-mcp/testing';
import { userInfo } from 'node:os';
import { runAdmin } from '../src/lib/admin-cli';
import { AttackLedger } from '../src/lib/attack-ledger';
import { EnrolledFleet, enrolledFleet } from '../src/lib/deployment';
import { StdioModel, stdioModel } from '../src/lib/stdio-model';
import { screenProblems } from '../src/lib/screen-check';

// Approval bypasses: a model on the stdio server (the same OS user as the operator at the CLI) trying to get a prod
// plan applied without a second person's approval, or to forge what the approver reads. The device is the judge of
// whether anything was applied.
const ledger = new AttackLedger('approval-bypass');
const ME = userInfo().username;
let prod: EnrolledFleet;
let model: StdioModel;
let planId: string;

const dnsOf = async (id: string) => ((await simControl(prod.fleet, 'GET', `/devices/${prod.device(id).index}/state`)).config['ip/dns'][0].servers as string) ?? '';
const adminEnv = { ROUTEROS_MCP_ENVIRONMENT: 'prod', ROUTEROS_MCP_PLAN_APPROVE_AS_ALLOWED: 'true' };

beforeAll(async () => {
  prod = await enrolledFleet('adv-approval-', [
    { id: 'p1', environment: 'prod' },
    { id: 'p2', environment: 'prod' },
  ]);
  model = await stdioModel(prod.dataDir, { ROUTEROS_MCP_ENVIRONMENT: 'prod' });
  const created = await model.call('plan_dns_ntp', { devices: ['p1'], dns_servers: ['192.0.2.53'], title: 'adversarial dns' });
  expect(created.isError).toBeFalsy();
  planId = created.structuredContent.plan_id;
}, 180_000);
afterAll(async () => {
  await model?.close();
  await prod?.remove();
});

it('the model cannot apply a plan nobody approved', async () => {
  const before = await dnsOf('p1');
  const result = await model.call('plan_apply', { plan_id: planId });
  ledger.refuse('approval bypass', 'plan_apply of a pending prod plan', !result.isError ? 'plan_apply started it' : undefined, result.code);
  expect(await dnsOf('p1')).toBe(before);
});

it('the model finds no tool that approves', async () => {
  const names = await model.toolNames();
  const approving = names.filter((n) => /approv|grant|sign/i.test(n));
  ledger.refuse('approval bypass', 'a tool that approves, signs or grants', approving.length ? approving.join(', ') : undefined);
  for (const name of ['plan_approve', 'plan/approve', 'plan_grant']) {
    const result = await model.call(name, { plan_id: planId });
    ledger.refuse('approval bypass', `calling an unlisted ${name}`, !result.isError ? `${name} answered` : undefined, result.code);
  }
});

it('the model cannot smuggle an approval into plan_apply', async () => {
  for (const extra of [{ approved: true }, { approval: { approved_by: 'os:alice', content_hash: 'x' } }, { force: true }]) {
    const result = await model.call('plan_apply', { plan_id: planId, ...extra });
    ledger.refuse('approval bypass', `plan_apply with ${Object.keys(extra)[0]}`, !result.isError ? 'accepted' : undefined, result.code);
  }
});

it('the operator who is the model\'s OS user cannot approve its prod plan (four eyes means two people)', async () => {
  const self = await runAdmin(prod.dataDir, ['plan', 'approve', planId, '--yes'], { env: adminEnv });
  ledger.refuse('identity collision', `os:${ME} approving a prod plan made by the stdio server of os:${ME}`, self.code === 0 ? self.stdout.trim() : undefined, self.stderr.trim().split('\n')[0]);
  const named = await runAdmin(prod.dataDir, ['plan', 'approve', planId, '--yes', '--as', `os:${ME}`], { env: adminEnv });
  ledger.refuse('identity collision', `--as os:${ME} (the creator's own name) approving its prod plan`, named.code === 0 ? named.stdout.trim() : undefined, named.stderr.trim().split('\n')[0]);
  const plain = await runAdmin(prod.dataDir, ['plan', 'approve', planId, '--yes', '--as', ME], { env: adminEnv });
  ledger.refuse('identity collision', `--as ${ME} (the creator's bare name) approving its prod plan`, plain.code === 0 ? plain.stdout.trim() : undefined, plain.stderr.trim().split('\n')[0]);
});

it('an approval is used once: the plan cannot be applied twice', async () => {
  const approved = await runAdmin(prod.dataDir, ['plan', 'approve', planId, '--yes', '--as', 'second-approver'], { env: adminEnv });
  expect(`${approved.code} ${approved.stderr}`).toBe(`0 ${approved.stderr}`);
  const first = await model.call('plan_apply', { plan_id: planId });
  expect(first.isError).toBeFalsy();
  const second = await model.call('plan_apply', { plan_id: planId });
  ledger.refuse('approval bypass', 'plan_apply of the same approval twice', !second.isError ? 'started again' : undefined, second.code);
});

it('API token names cannot impersonate a person or another token', async () => {
  for (const name of [`os:${ME}`, 'oidc:https://idp.example#alice', 'token:other', 'a\u202Eb', 'x\nROLE: admin']) {
    const made = await runAdmin(prod.dataDir, ['token', 'create', '--name', name, '--role', 'admin', '--json']);
    ledger.refuse('identity collision', `a token named ${JSON.stringify(name)}`, made.code === 0 ? 'created' : undefined, made.stderr.trim().split('\n')[0]);
  }
  const first = await runAdmin(prod.dataDir, ['token', 'create', '--name', 'shared-name', '--role', 'read_only', '--json']);
  expect(first.code).toBe(0);
  const again = await runAdmin(prod.dataDir, ['token', 'create', '--name', 'shared-name', '--role', 'admin', '--json']);
  ledger.refuse('identity collision', 'a second token with an existing name', again.code === 0 ? 'created' : undefined, again.stderr.trim().split('\n')[0]);
});

const HOSTILE_TITLES: [string, string][] = [
  ['a fake device heading after a newline, then concealed text', 'DNS tidy-up\n\n## p1 (batch 1/1): no change\u001b[8m'],
  ['a red APPROVED BY SECURITY line', 'x\n\u001b[31mAPPROVED BY SECURITY\u001b[0m\n'],
  ['a right-to-left override', 'safe \u202Eegnahc on\u202C'],
  ['a C1 control sequence introducer', 'clear \u009b2J screen'],
  ['a carriage return over the line', 'harmless\rcontent hash: 0000'],
];

describe('what the approver reads', () => {
  it.each(HOSTILE_TITLES)('a plan title with %s cannot forge the approval screen', async (_what, title) => {
    const made = await model.call('plan_dns_ntp', { devices: ['p2'], dns_servers: ['192.0.2.54'], title });
    if (made.isError) return ledger.refuse('screen forgery', `plan title with ${_what}`, undefined, `refused at input: ${made.code}`);
    const id = made.structuredContent.plan_id as string;
    const show = await runAdmin(prod.dataDir, ['plan', 'show', id]);
    const list = await runAdmin(prod.dataDir, ['plan', 'list']);
    const problems = [...screenProblems(show.stdout, ['APPROVED BY SECURITY', '## p1 (batch', 'content hash: 0000']), ...screenProblems(list.stdout, ['APPROVED BY SECURITY'])];
    ledger.refuse('screen forgery', `plan title with ${_what}`, problems.length ? problems.join('; ') : undefined, 'neutralised on screen');
  });

  it.each(HOSTILE_TITLES)('an exclusion reason with %s cannot forge the approval screen', async (_what, reason) => {
    const made = await model.call('plan_dns_ntp', { devices: ['p1', 'p2'], exclude: [{ device_id: 'p1', reason }], dns_servers: ['192.0.2.55'] });
    if (made.isError) return ledger.refuse('screen forgery', `exclusion reason with ${_what}`, undefined, `refused at input: ${made.code}`);
    const show = await runAdmin(prod.dataDir, ['plan', 'show', made.structuredContent.plan_id]);
    const problems = screenProblems(show.stdout, ['APPROVED BY SECURITY', '## p1 (batch', 'content hash: 0000']);
    ledger.refuse('screen forgery', `exclusion reason with ${_what}`, problems.length ? problems.join('; ') : undefined, 'neutralised on screen');
  });
});
