import ProfileEditPage from '@/features/profile/components/ProfileEditPage';
import { CodeDialogSlot, type CodeDialogProps } from '@/features/profile/components/slots';
import { ConfirmMobileDialog } from '@/features/auth/components/ConfirmMobileDialog';

/** The sign-in's code dialog, confirming a new mobile number with the account's own call. */
function ChangeMobileDialog(props: CodeDialogProps) {
  return <ConfirmMobileDialog mode="change" {...props} />;
}

/** The profile-edit page with the auth feature's code dialog for a new mobile number. */
export default function ProfileEditRoute() {
  return (
    <CodeDialogSlot.Provider value={ChangeMobileDialog}>
      <ProfileEditPage />
    </CodeDialogSlot.Provider>
  );
}
