import { Modal } from '../../components/Modal.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { BansList } from './BansList.tsx';
import { KicksList } from './KicksList.tsx';
import { RoomSettingsForm } from './RoomSettingsForm.tsx';

export interface RoomSettingsDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 'Cài đặt phòng': the host's settings (R56), the people asked to leave (R107) and those banned (R59). */
export function RoomSettingsDialog({ open, onClose }: RoomSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('roomSettings.title')} onClose={onClose}>
      <div className="flex max-h-[calc(100dvh-10rem)] flex-col gap-6 overflow-y-auto">
        <RoomSettingsForm onSaved={onClose} />
        <KicksList />
        <BansList />
      </div>
    </Modal>
  );
}
