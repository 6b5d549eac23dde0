import { Form, Input } from 'antd';
import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import SendCodeButton from './SendCodeButton';
import { emailRules, isEmail } from './rules';

/**
 * The e-mail field and the code field with its "Send code" button; used inside an antd Form whose
 * values hold `email` and `code`. `send(email)` asks the server for a code.
 */
export default function EmailCodeFields({ send, prefix }: { send: (email: string) => Promise<unknown>; prefix: string }) {
  const { t } = useI18n();
  const form = Form.useFormInstance();
  const email = Form.useWatch('email', form) as string | undefined;
  return (
    <>
      <Form.Item name="email" rules={emailRules(t)}>
        <Input
          prefix={<MailOutlined />}
          placeholder={t('auth.email')}
          aria-label={t('auth.email')}
          autoComplete="email"
          inputMode="email"
          data-testid={`${prefix}-email`}
        />
      </Form.Item>
      <Form.Item>
        <div className="auth-code">
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('auth.codeRequired') }]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('auth.code')}
              aria-label={t('auth.code')}
              autoComplete="one-time-code"
              maxLength={12}
              data-testid={`${prefix}-code`}
            />
          </Form.Item>
          <SendCodeButton enabled={isEmail(email)} send={() => send(String(email).trim())} testId={`${prefix}-send-code`} />
        </div>
      </Form.Item>
    </>
  );
}
