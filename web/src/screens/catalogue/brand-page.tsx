/**
 * /brand: the brands, or the models of the brand named in `?brand=` (a brand's "Models" action), listed
 * through the brand's index, with add, edit and delete, and a notice when the brand has none (docs/product.md
 * section 8).
 */
import { API } from '@shared/api/paths.ts';
import { Alert, Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { ErrorState } from '@web/components/ui/state-views.tsx';
import { call, withQuery } from '@web/lib/api.ts';
import { errorMessage } from '@web/resources/api.ts';
import { brandDecl, modelDeclFor } from '@web/resources/decls/catalogue/brand.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { Row } from '@web/resources/types.ts';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';

function BrandModels({ brandId }: { brandId: string }) {
  const tr = useTr();
  const navigate = useNavigate();
  const decl = useMemo(() => modelDeclFor(brandId), [brandId]);
  const fixedQuery = useMemo(() => ({ brandId }), [brandId]);
  const info = API.biz.brand.info;
  const infoKey = withQuery(info, { id: brandId });
  const {
    data: brand,
    error,
    isValidating,
    mutate,
  } = useSWR(infoKey, () => call<Row>(info, undefined, { id: brandId }));
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {tr('catalogueRes.brand.modelsOf', { name: String(brand?.name ?? '') })}
        </Heading>
        <Button size="sm" variant="outline" onClick={() => navigate('/brand')}>
          {tr('catalogueRes.brand.back')}
        </Button>
      </HStack>
      {error ? (
        <ErrorState
          title={tr('admin.common.getError')}
          message={errorMessage(tr, error)}
          retryLabel={tr('actions.retry')}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      ) : null}
      {brand && Number(brand.modelCount ?? 0) === 0 ? (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{tr('catalogueRes.brand.noModels')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {brand ? (
        <ResourceListPage decl={decl} fixedQuery={fixedQuery} onChanged={() => void mutate()} />
      ) : null}
    </Stack>
  );
}

/** /brand: the brands, or the models of the brand named in `?brand=`. */
export function BrandPage() {
  const [params] = useSearchParams();
  const brandId = params.get('brand');
  return brandId ? <BrandModels key={brandId} brandId={brandId} /> : <ResourceListPage decl={brandDecl} />;
}
