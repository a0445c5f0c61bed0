// A password input with our own show/hide toggle (labels in Spanish, SPEC §2).
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { useState } from 'react';
import { TextInput, useTranslate } from 'react-admin';

interface Props {
  source: string;
  label: string;
  autoComplete?: string;
}

export function PasswordField({ source, label, autoComplete }: Props) {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      source={source}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      fullWidth
      InputProps={{
        endAdornment: (
          <InputAdornment position="end">
            <IconButton
              aria-label={translate(visible ? 'vag.login.hidePassword' : 'vag.login.showPassword')}
              onClick={() => setVisible((v) => !v)}
              edge="end"
            >
              {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
            </IconButton>
          </InputAdornment>
        ),
      }}
    />
  );
}
