/** antd's dialogs for AppProvider (app-api.tsx): loaded with the first dialog a page opens. */
import { useEffect } from 'react';
import useModal, { type HookAPI } from 'antd/es/modal/useModal';

export default function ModalHost({ onReady }: { onReady: (api: HookAPI) => void }) {
  const [api, holder] = useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
