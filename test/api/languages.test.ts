// Refusals in the language of the request: Accept-Language preferring Chinese gets Chinese messages
// (also inside data.errors), anything else gets the English the API has always answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

const ZH = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };

describe('the language of refusals', () => {
  it('answers field errors in Chinese, in the message and in data.errors, and changes nothing', async () => {
    const body = { username: 'a', password: 'short', email: 'not-an-email' };
    const zh = await app.request('POST', '/api/auth/register', { body, headers: ZH });
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('username 必须是 3 到 32 个字母、数字、_ . 或 -；password 至少需要 8 个字符；email 必须是电子邮箱地址，例如 name@example.com');
    expect(zh.body.data.errors).toEqual([
      { field: 'username', message: '必须是 3 到 32 个字母、数字、_ . 或 -' },
      { field: 'password', message: '至少需要 8 个字符' },
      { field: 'email', message: '必须是电子邮箱地址，例如 name@example.com' },
    ]);
    const en = await app.request('POST', '/api/auth/register', { body });
    expect(en.body.message).toBe(
      'username must be 3 to 32 letters, digits, _ . or -; password must be at least 8 characters; email must be an email address like name@example.com',
    );
    expect(en.body.data.errors[0]).toEqual({ field: 'username', message: 'must be 3 to 32 letters, digits, _ . or -' });
    const users = await app.server.db.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(['admin']);
  });

  it('answers the service’s own refusals in Chinese: no token, bad JSON, unknown address, bad id', async () => {
    expect((await app.request('GET', '/api/contract', { headers: ZH })).body).toEqual({
      success: false,
      message: '请先登录：此操作需要有效的令牌（Authorization: Bearer <token>）',
    });
    expect((await app.request('POST', '/api/auth/login', { rawBody: '{"x":', headers: ZH })).body.message).toBe('请求内容不是有效的 JSON：请发送一个 JSON 对象');
    expect((await app.request('GET', '/api/no-such-thing', { token, headers: ZH })).body.message).toBe('本服务没有 GET /api/no-such-thing：请检查地址');
    expect((await app.request('GET', '/api/contract/abc', { token, headers: ZH })).body.message).toBe('id 必须是正整数，例如 12；收到的是“abc”');
  });

  it('answers English when the request prefers English, another language, or says nothing', async () => {
    for (const language of ['en-US,en;q=0.9', 'fr-FR', '*', 'en-US,zh-CN;q=0.5']) {
      const res = await app.request('GET', '/api/no-such-thing', { token, headers: { 'accept-language': language } });
      expect(res.body.message, language).toBe('there is no GET /api/no-such-thing in this service: check the address');
    }
    for (const language of ['zh', 'zh-TW', 'zh-CN']) {
      const res = await app.request('GET', '/api/no-such-thing', { token, headers: { 'accept-language': language } });
      expect(res.body.message, language).toBe('本服务没有 GET /api/no-such-thing：请检查地址');
    }
  });

  it('answers a refused upload in Chinese', async () => {
    const res = await app.upload('POST', '/api/contract/upload', {
      token,
      headers: ZH,
      fields: { name: 'x', contractType: '1', BLNumber: 'BL1' },
      files: [['files', 'scan.pdf', 'this is plain text, not a PDF']],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('"scan.pdf" 不是 PDF 或图片（按文件内容判断）；请扫描为 PDF、JPEG 或 PNG');
    expect(await app.fileCount()).toBe(0);
  });
});
