import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input, Message } from '@arco-design/web-react';
import { IconLock, IconMobile, IconSafe, IconUser } from '@arco-design/web-react/icon';
import type { FormKind } from '@core/wasm';
import { isApiFailure, RequestError } from '../../../api/client';
import { login, prelogin, sendVerifyCode } from '../../../api/session';
import { fieldLabel, formErrors } from '../../../components/form/coreForm';
import type { LoginForm } from '../../../api/types';
import { TEXT } from '../../../config/coreData';
import { coreReady } from '../../../core/ready';
import { returnPath } from '../../../router/returnPath';
import { preloadLayout, preloadRoute } from '../../../router/routeChunks';
import { loadSession } from '../../../router/session';
import { useMenuStore } from '../../../stores/menu';
import { useSessionStore } from '../../../stores/session';
import { storageKeys } from '../../../stores/storageKeys';
import './LoginPage.css';

/**
 * Arco rule from core's login form (`login`) or its SMS step (`loginCode`), so the message is
 * the server's (请输入用户名, 仅支持中国大陆手机号码...). On a first visit core's module may still be
 * on its way: the check (and so 登录) waits for it, the form never does.
 */
const coreRule = (kind: FormKind, field: string) => ({
  validator: (value: string | undefined, callback: (error?: string) => void) =>
    coreReady().then(
      () => callback(formErrors(kind, { [field]: value })[field]),
      () => callback(TEXT.networkError),
    ),
});

const FEATURES = [
  { title: '门店工作台', text: '房源、客源、成交与业绩一站管理' },
  { title: '城市运营中心', text: '团队、区域与人事的城市级运营' },
  { title: '全局配置', text: '站点、应用、路由与 AI 助手配置' },
];

export default function LoginPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const [submitting, setSubmitting] = useState(false);
  // Why the last session ended (its expiry, the account's lock or departure), shown until the
  // next attempt, so it never stands beside that attempt's own error.
  const [ended, setEnded] = useState(() => {
    const why = localStorage.getItem(storageKeys.timeOver);
    return why === null ? undefined : why || TEXT.loginExpired;
  });
  // Fields are checked as they change; leaving one empty says nothing until the first 登录.
  const [tried, setTried] = useState(false);
  const trigger = tried ? ['onBlur', 'onChange'] : ['onChange'];
  const [form] = Form.useForm<LoginForm>();
  // After a few failures the server wants an SMS code to the account's bound mobile.
  const [needCode, setNeedCode] = useState(false);
  const [resendIn, setResendIn] = useState(0);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = window.setTimeout(() => setResendIn(resendIn - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [resendIn]);

  // Asked after every refusal: only the server counts failures (per username and address).
  const askWhetherCodeNeeded = async (username: string) => {
    const hint = await prelogin({ username });
    if (!isApiFailure(hint) && hint.needVerifyCode) setNeedCode(true);
  };

  const sendCode = async () => {
    const values = await form.validate(['cellphone']).catch(() => undefined);
    if (!values?.cellphone) return;
    try {
      const sent = await sendVerifyCode({ cellphone: values.cellphone });
      if (isApiFailure(sent)) return;
      Message.success('验证码已发送');
      setResendIn(sent.resendAfterSeconds);
    } catch (error) {
      // The client has already toasted the server's message.
      if (!(error instanceof RequestError)) throw error;
    }
  };

  const submit = async (values: LoginForm) => {
    setEnded(undefined);
    setTried(true);
    Message.clear();
    setSubmitting(true);
    void preloadLayout().catch(() => undefined);
    try {
      const result = await login(values);
      if (isApiFailure(result)) {
        Message.error(result.message);
        await askWhetherCodeNeeded(values.username);
        return;
      }
      const session = useSessionStore.getState();
      session.signIn(result);
      if (!(await loadSession())) {
        Message.error(TEXT.noPermission);
        session.dropToken();
        return;
      }
      // The page's code is fetched before leaving, so the workspace shows whole at once.
      const { routeTable } = useMenuStore.getState();
      const target = returnPath(state, routeTable.home);
      await preloadRoute(routeTable, target.split('?')[0]).catch(() => undefined);
      navigate(target, { replace: true });
    } catch (error) {
      // The client has already toasted network and server failures.
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page">
      <section className="login-page__brand">
        <div className="login-page__logo">
          <svg viewBox="0 0 32 32" aria-hidden="true">
            <path d="M5 16.5 16 7l11 9.5V27h-7.5v-6h-7v6H5z" fill="currentColor" />
          </svg>
          <span>brokerdesk</span>
        </div>
        <h1 className="login-page__title">房产经纪管理平台</h1>
        <p className="login-page__subtitle">为经纪门店、城市运营与平台管理打造的一体化工作台</p>
        <ul className="login-page__features">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <strong>{feature.title}</strong>
              <span>{feature.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="login-page__panel">
        <div className="login-page__card">
          <div className="login-page__compact-brand">房产经纪管理平台</div>
          <h2 className="login-page__card-title">账号登录</h2>
          <p className="login-page__card-hint">请使用您的工作账号登录</p>
          {ended && <Alert className="login-page__alert" type="warning" content={ended} data-testid="login-expired" />}
          <Form
            form={form}
            layout="vertical"
            requiredSymbol={false}
            onSubmit={submit}
            onSubmitFailed={() => setTried(true)}
            // The workspace's code comes while the user types, not after 登录.
            onValuesChange={() => void preloadLayout().catch(() => undefined)}
            autoComplete="on"
          >
            <Form.Item
              label={fieldLabel('login', 'username')}
              field="username"
              rules={[coreRule('login', 'username')]}
              validateTrigger={trigger}
            >
              <Input
                data-testid="login-username"
                prefix={<IconUser />}
                placeholder={`请输入${fieldLabel('login', 'username')}`}
                autoComplete="username"
                size="large"
              />
            </Form.Item>
            <Form.Item label={fieldLabel('login', 'password')} field="password" rules={[coreRule('login', 'password')]} validateTrigger={trigger}>
              <Input.Password
                data-testid="login-password"
                prefix={<IconLock />}
                placeholder="请输入密码"
                autoComplete="current-password"
                size="large"
              />
            </Form.Item>
            {needCode && (
              <>
                <Alert
                  className="login-page__alert"
                  type="info"
                  content="登录失败次数较多，请输入账号绑定手机收到的验证码"
                  data-testid="login-code-hint"
                />
                <Form.Item
                  label={fieldLabel('loginCode', 'cellphone')}
                  field="cellphone"
                  rules={[coreRule('loginCode', 'cellphone')]}
                  validateTrigger={trigger}
                >
                  <Input
                    data-testid="login-cellphone"
                    prefix={<IconMobile />}
                    placeholder="请输入账号绑定的手机号"
                    autoComplete="tel"
                    size="large"
                  />
                </Form.Item>
                <Form.Item label={fieldLabel('loginCode', 'code')} field="code" rules={[coreRule('loginCode', 'code')]} validateTrigger={trigger}>
                  <Input
                    data-testid="login-code"
                    prefix={<IconSafe />}
                    placeholder="请输入6位验证码"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    maxLength={6}
                    size="large"
                    addAfter={
                      <Button
                        data-testid="login-send-code"
                        type="text"
                        size="small"
                        disabled={resendIn > 0}
                        onClick={sendCode}
                      >
                        {resendIn > 0 ? `${resendIn}秒后重发` : '获取验证码'}
                      </Button>
                    }
                  />
                </Form.Item>
              </>
            )}
            <Button data-testid="login-submit" type="primary" htmlType="submit" long size="large" loading={submitting}>
              登录
            </Button>
          </Form>
        </div>
        <footer className="login-page__footer">© 2026 brokerdesk · 房产经纪管理平台</footer>
      </section>
    </div>
  );
}
