import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { useToast } from '../../shared/ui/Toast';
import { useSetAgreementStatusMutation } from './pipelineApi';
import { AGREEMENT_STATUS_OF_COLUMN } from './pipelineColumns';
import type { PipelineCard, SalesColumn } from './types';

/**
 * Moves a card to another Salg column by changing the contract's negotiation status (dragging it
 * or its 'Flyt til …' menu). Dropping on 'Godkendt' only says where approving is done.
 */
export function usePipelineMove() {
  const { t } = useTranslation();
  const toast = useToast();
  const [setAgreementStatus, state] = useSetAgreementStatusMutation();

  async function move(card: PipelineCard, to: SalesColumn) {
    const agreementStatus = AGREEMENT_STATUS_OF_COLUMN[to];
    if (agreementStatus === null) {
      toast.show('info', t('pipeline.messages.approveFromContract'));
      return;
    }
    try {
      await setAgreementStatus({ id: card.id, version: null, agreementStatus }).unwrap();
      toast.success(t('pipeline.messages.moved'));
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
    }
  }

  return { move, movingId: state.isLoading ? state.originalArgs?.id : undefined };
}
