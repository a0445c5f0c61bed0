// Editar Sección Hero: the current draw's name, prize, price, end day and image, with a
// live preview of the image.
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  heroFormSchema,
  heroFormToInput,
  raffleToHeroForm,
  safeImageSrc,
  type HeroForm,
  type Raffle,
} from '@vag/contracts';
import { Form, Loading, SaveButton, TextInput, Title, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DateInput } from '../common/DateInput';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { zodValidate } from '../common/zodValidate';

const validate = zodValidate(heroFormSchema);

function ImagePreview() {
  const translate = useTranslate();
  // Only an http(s) URL or a path on our site is previewed, never javascript: or data:.
  const url = safeImageSrc(useWatch({ name: 'imageUrl' }) as string | undefined);
  if (!url) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {translate('vag.common.preview')}
      </Typography>
      <Box
        component="img"
        src={url}
        alt={translate('vag.common.preview')}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 2 }}
      />
    </Box>
  );
}

export function HeroEdit() {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: ['lottery'],
    queryFn: () => api.call<Raffle>('GET', '/lottery', undefined, { auth: false }),
  });

  const save = async (values: Record<string, unknown>) => {
    try {
      await api.call('PUT', '/lottery', heroFormToInput(values as HeroForm));
      toast({
        title: translate('vag.hero.savedTitle'),
        description: translate('vag.hero.savedDescription'),
      });
      await queryClient.invalidateQueries({ queryKey: ['lottery'] });
    } catch (error) {
      toast({
        title: translate('vag.common.errorTitle'),
        description: `${translate('vag.hero.saveError')} ${errorMessage(error, '')}`.trim(),
        type: 'error',
      });
    }
  };

  if (isPending) return <Loading />;
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('vag.hero.title')} />
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
          {translate('vag.hero.title')}
        </Typography>
        <Form
          noValidate
          record={data ? raffleToHeroForm(data) : {}}
          onSubmit={save}
          validate={validate}
        >
          <TextInput source="name" label={translate('vag.hero.name')} fullWidth />
          <TextInput source="mainPrize" label={translate('vag.hero.mainPrize')} fullWidth />
          <TextInput
            source="price"
            type="number"
            label={translate('vag.hero.price')}
            inputProps={{ min: 0, step: 0.01 }}
            fullWidth
          />
          <DateInput source="endDate" label={translate('vag.hero.endDate')} />
          <TextInput source="imageUrl" label={translate('vag.hero.imageUrl')} fullWidth />
          <ImagePreview />
          <SaveButton label={translate('vag.hero.save')} sx={{ mt: 2 }} alwaysEnable />
        </Form>
      </CardContent>
    </Card>
  );
}
