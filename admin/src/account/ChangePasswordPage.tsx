// Cambiar contraseña (any staff member, from the account menu): the current password and
// the new one twice. The api ends every other session of the account and answers a new
// token, which replaces this session's so the person goes on working here.
import { Card, CardContent, Typography } from '@mui/material';
import { changePasswordFormSchema, type ChangePasswordResponse } from '@vag/contracts';
import { Form, SaveButton, Title, useBasename, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PasswordField } from '../common/PasswordField';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { zodValidate } from '../common/zodValidate';
import { readUser, saveSession } from '../session';

const validate = zodValidate(changePasswordFormSchema);
const DEFAULTS = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordPage() {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const navigate = useNavigate();
  const basename = useBasename();
  const t = (key: string) => translate(`vag.password.${key}`);

  const submit = async (values: Record<string, unknown>) => {
    try {
      const answer = await api.call<ChangePasswordResponse>('POST', '/admin/change-password', {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      const user = readUser();
      if (user) saveSession(answer.token, user);
      toast({ title: t('changedTitle'), description: answer.msg });
      navigate(`${basename}/`);
    } catch (error) {
      toast({
        title: translate('vag.common.errorTitle'),
        description: errorMessage(error, t('failed')),
        type: 'error',
      });
      const body = (error as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors) return body.errors;
    }
    return undefined;
  };

  return (
    <Card sx={{ maxWidth: 520, mt: 2 }}>
      <Title title={t('title')} />
      <CardContent>
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('hint')}
        </Typography>
        <Form noValidate defaultValues={DEFAULTS} onSubmit={submit} validate={validate}>
          <PasswordField
            source="currentPassword"
            label={t('current')}
            autoComplete="current-password"
          />
          <PasswordField source="newPassword" label={t('new')} autoComplete="new-password" />
          <PasswordField
            source="confirmPassword"
            label={t('confirm')}
            autoComplete="new-password"
          />
          <SaveButton label={t('save')} alwaysEnable />
        </Form>
      </CardContent>
    </Card>
  );
}
