// The language switch of the sign-in and registration pages and of the header: a stand-in drawn
// like the borderless select until the pointer comes near it or it takes the focus, then the real
// one (LanguageSwitch.tsx, antd's Select: a tenth of the sign-in page's code, which a phone would
// otherwise download before the form shows, and a list page's before its rows). A click on the
// stand-in opens the real select as soon as it is there.
import { GlobalOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '../i18n';

const loadSwitch = () => import('./LanguageSwitch');
const RealSwitch = lazy(loadSwitch);

export function LanguageSwitchDeferred() {
  const { language, t } = useI18n();
  const { token } = theme.useToken();
  // the stand-in stays until it is clicked (or Enter/Space on it): replacing it between a press and
  // its release would lose the click; the pointer near it or the focus only fetch the chunk
  const [opened, setOpened] = useState(false);
  const standIn = (
    <button
      type="button"
      // the name holds the visible text (the language shown), as a speech-input user says it
      aria-label={`${t('lang.switch')}: ${t(`lang.${language}`)}`}
      aria-haspopup="listbox"
      data-testid="language-switch"
      onPointerEnter={() => void loadSwitch()}
      onFocus={() => void loadSwitch()}
      onClick={() => setOpened(true)}
      style={{
        width: 96,
        height: token.controlHeight,
        padding: `0 ${token.paddingSM - 1}px`,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        border: 0,
        background: 'transparent',
        color: token.colorText,
        font: 'inherit',
        fontSize: token.fontSize,
        cursor: 'pointer',
      }}
    >
      <span>{t(`lang.${language}`)}</span>
      <GlobalOutlined style={{ color: token.colorTextQuaternary, fontSize: token.fontSizeSM }} />
    </button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RealSwitch defaultOpen autoFocus />
    </Suspense>
  );
}
