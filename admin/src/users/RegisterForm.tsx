// Registration (SPEC §5 rules from contracts): name, e-mail, role, password twice.
import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { REGISTER_FORM_DEFAULTS, ROLES, registerFormSchema } from '@vag/contracts';
import { useEffect, useState } from 'react';
import { Form, SaveButton, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { PasswordField } from '../common/PasswordField';
import { useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { zodValidate } from '../common/zodValidate';

const validate = zodValidate(registerFormSchema);

function ResetAfterSave({ done }: { done: number }) {
  const { reset } = useFormContext();
  useEffect(() => {
    if (done > 0) reset(REGISTER_FORM_DEFAULTS);
  }, [done, reset]);
  return null;
}

export function RegisterForm() {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const queryClient = useQueryClient();
  const [warning, setWarning] = useState(true);
  const [saved, setSaved] = useState(0);
  const t = (key: string) => translate(`vag.users.${key}`);

  const submit = async (values: Record<string, unknown>) => {
    const { confirmPassword: _c, ...payload } = values;
    try {
      await api.call('POST', '/admin/register', payload);
      const role = translate(`vag.roles.${String(values.role)}`);
      toast({
        title: t('createdTitle'),
        description: translate('vag.users.created', { email: values.email, role }),
      });
      setSaved((n) => n + 1);
      await queryClient.invalidateQueries({ queryKey: ['staff-users'] });
      await queryClient.invalidateQueries({ queryKey: ['resellers'] });
    } catch (error) {
      // SPEC §8: user failures are only logged; field errors still reach the form.
      console.error(error);
      const body = (error as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors) return body.errors;
    }
    return undefined;
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('register')}
        </Typography>
        {warning && (
          <Alert
            severity="info"
            onClose={() => setWarning(false)}
            closeText={translate('vag.common.dismiss')}
            sx={{ mb: 2 }}
          >
            {t('warning')}
          </Alert>
        )}
        <Form
          noValidate
          defaultValues={REGISTER_FORM_DEFAULTS}
          onSubmit={submit}
          validate={validate}
        >
          <ResetAfterSave done={saved} />
          <TextInput source="name" label={t('name')} fullWidth />
          <TextInput source="email" type="email" label={t('email')} fullWidth />
          <SelectInput
            source="role"
            label={t('role')}
            choices={ROLES.map((role) => ({ id: role, name: translate(`vag.roles.${role}`) }))}
            fullWidth
            emptyText=""
          />
          <PasswordField source="password" label={t('password')} autoComplete="new-password" />
          <PasswordField
            source="confirmPassword"
            label={t('confirmPassword')}
            autoComplete="new-password"
          />
          <SaveButton label={t('register')} alwaysEnable />
        </Form>
      </CardContent>
    </Card>
  );
}
