// The raffle ('Todas las rifas' or one), search by number, e-mail or reseller, the
// payment-method popover (Todos, PayPal, Tarjeta, Transferencia) and the 'En revisión'
// queue with its count; all become the list's filter sent to /api/purchases.
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, Menu, MenuItem, TextField } from '@mui/material';
import { ALL_RAFFLES, PURCHASE_FILTER_OPTIONS } from '@vag/contracts';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useTranslate } from 'react-admin';
import { RaffleSelect } from '../common/RaffleSelect';
import { useVagApi } from '../common/useVagApi';

export function PurchaseFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [q, setQ] = useState<string>(String(filterValues.q ?? ''));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const method = String(filterValues.paymentMethod ?? 'all');
  const inReview = filterValues.status === 'IN_REVIEW';
  const api = useVagApi();
  const { data: review } = useQuery({
    queryKey: ['purchases-in-review', filterValues],
    queryFn: () => api.call<{ count: number }>('GET', '/purchases/in-review/count'),
  });
  const toggleReview = () => {
    const { status: _s, ...rest } = filterValues;
    setFilters(inReview ? rest : { ...rest, status: 'IN_REVIEW' }, {});
  };

  useEffect(() => {
    const timer = setTimeout(() => {
      if ((filterValues.q ?? '') === q) return;
      const { q: _q, ...rest } = filterValues;
      setFilters(q ? { ...rest, q } : rest, {});
    }, 300);
    return () => clearTimeout(timer);
  }, [q, filterValues, setFilters]);

  const raffleId = String(filterValues.raffleId ?? ALL_RAFFLES);
  const chooseRaffle = (value: string) => {
    const { raffleId: _r, ...rest } = filterValues;
    setFilters(value === ALL_RAFFLES ? rest : { ...rest, raffleId: value }, {});
  };

  const chooseMethod = (value: string) => {
    setAnchor(null);
    const { paymentMethod: _m, ...rest } = filterValues;
    setFilters(value === 'all' ? rest : { ...rest, paymentMethod: value }, {});
  };
  const current =
    PURCHASE_FILTER_OPTIONS.find((o) => o.value === method) ?? PURCHASE_FILTER_OPTIONS[0];

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', p: 2, pb: 0 }}>
      <RaffleSelect value={raffleId} onChange={chooseRaffle} sx={{ flex: '0 1 220px' }} />
      <TextField
        size="small"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={translate('vag.purchases.search')}
        inputProps={{ 'aria-label': translate('vag.purchases.search') }}
        sx={{ flex: '1 1 260px' }}
        InputProps={{
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        }}
      />
      <Button
        variant="outlined"
        startIcon={<FilterListIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {translate('vag.purchases.methodFilter')}: {current.label}
      </Button>
      <Button
        variant={inReview ? 'contained' : 'outlined'}
        aria-pressed={inReview}
        onClick={toggleReview}
      >
        {translate('vag.review.inReview')} ({review?.count ?? 0})
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {PURCHASE_FILTER_OPTIONS.map((option) => (
          <MenuItem
            key={option.value}
            selected={option.value === method}
            onClick={() => chooseMethod(option.value)}
          >
            {option.label}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
