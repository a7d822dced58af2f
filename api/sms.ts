/** Delivery of sign-in codes. The API only knows this interface. */
export interface SmsSender {
  send(phone: string, message: string, code: string): Promise<void>;
}

/** Development: one line on stdout per code. */
export const consoleSender: SmsSender = {
  async send(phone, _message, code) {
    console.log(`[sms] ${phone} code: ${code}`);
  },
};

interface EskizOptions {
  email: string;
  password: string;
  from: string;
  baseUrl?: string;
}

/** Eskiz.uz gateway: log in for a bearer token (cached, renewed on 401), then send. */
function eskizSender({ email, password, from, baseUrl = 'https://notify.eskiz.uz' }: EskizOptions): SmsSender {
  let token: string | null = null;
  const login = async () => {
    const form = new FormData();
    form.set('email', email);
    form.set('password', password);
    const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', body: form });
    if (!res.ok) throw new Error(`Eskiz login failed: ${res.status}`);
    const body = (await res.json()) as { data?: { token?: string } };
    if (!body.data?.token) throw new Error('Eskiz login answered no token');
    return body.data.token;
  };
  const post = async (phone: string, message: string) => {
    token ??= await login();
    const form = new FormData();
    form.set('mobile_phone', phone.replace(/^\+/, ''));
    form.set('message', message);
    form.set('from', from);
    return fetch(`${baseUrl}/api/message/sms/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
  };
  return {
    async send(phone, message) {
      let res = await post(phone, message);
      if (res.status === 401) {
        token = null;
        res = await post(phone, message);
      }
      if (!res.ok) throw new Error(`Eskiz send failed: ${res.status} ${await res.text()}`);
    },
  };
}

/** `SMS_SENDER=eskiz` with ESKIZ_EMAIL, ESKIZ_PASSWORD, ESKIZ_FROM; otherwise the console. */
export function senderFromEnv(env: NodeJS.ProcessEnv = process.env): SmsSender {
  if (env['SMS_SENDER'] !== 'eskiz') return consoleSender;
  const { ESKIZ_EMAIL: email, ESKIZ_PASSWORD: password, ESKIZ_FROM: from = '4546' } = env;
  if (!email || !password) throw new Error('SMS_SENDER=eskiz needs ESKIZ_EMAIL and ESKIZ_PASSWORD');
  return eskizSender({ email, password, from });
}
