import { Button } from 'antd';
import MenuButton from './MenuButton';
import { TranslationOutlined } from '@ant-design/icons';
import { LANG_NAMES } from '../i18n/define';
import { LANGS, useI18n } from '../i18n';
import { switchLanguage } from '../app/language';

/** The language switch of 000 §2: English, 简体中文, 繁體中文; a signed-in member's choice is kept on the account too. */
export default function LangSwitch() {
  const { t, lang } = useI18n();
  return (
    <MenuButton
      items={LANGS.map((l) => ({ key: l, label: LANG_NAMES[l] }))}
      selectedKey={lang}
      onSelect={(key) => switchLanguage(key as (typeof LANGS)[number])}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('common.language')} data-testid="lang-switch">
        <span className="lang-switch-name">{LANG_NAMES[lang]}</span>
      </Button>
    </MenuButton>
  );
}
