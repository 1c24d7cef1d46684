/**
 * What a list screen's rows can do: detail, edit, the declared actions (at once, after a confirm, or in a
 * dialog), delete and bulk delete (each asking the declaration's `beforeDelete` first). A refusal or failure
 * becomes the list's problem line; the drawers and dialogs these open render in `ListOverlays`.
 */
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { deleteRecord, errorMessage, idOf } from '@web/resources/api.ts';
import { ResourceDetailDrawer } from '@web/resources/detail.tsx';
import { FieldsDialog } from '@web/resources/fields-dialog.tsx';
import { ResourceFormDrawer } from '@web/resources/form-drawer.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { RowButton } from '@web/resources/list-table.tsx';
import { useCan } from '@web/resources/permissions.ts';
import type { FormMode, ResourceDecl, Row, RowAction, RowDialog } from '@web/resources/types.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

type Confirm = { title: string; message: string; label: string; danger?: boolean; run: () => Promise<void> };

export function useListActions(decl: ResourceDecl, changed: (message?: string) => void) {
  const tr = useTr();
  const can = useCan();
  const navigate = useNavigate();
  const [form, setForm] = useState<{ mode: FormMode; row?: Row } | null>(null);
  const [detail, setDetail] = useState<Row | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [dialog, setDialog] = useState<{ Dialog: RowDialog; row: Row } | null>(null);
  /** A refusal or failure, shown above the table until dismissed or the next action. */
  const [problem, setProblem] = useState<string | null>(null);

  const ctx = {
    refresh: () => changed(),
    notify: (text: string) => showMessage('success', tr(text)),
    navigate,
  };
  const name = (row: Row) => String(row[decl.nameField] ?? idOf(decl, row));
  const { permissions: perms } = decl;
  const canDelete = can(perms.delete) && perms.delete !== undefined;
  const changeable = (row: Row) => decl.canChange?.(row) ?? true;

  /** A refused or failed delete says so, with why (docs/product.md section 8, "delete failed"). */
  const deleteFailed = (reason: string) => tr('messages.deleteFailed', { reason });

  /** The declaration's refusal to delete `row`, in words, or null. */
  const refusalOf = async (row: Row) => {
    const refusal = await decl.beforeDelete?.(row);
    return refusal ? tr(refusal.message, refusal.values) : null;
  };

  const askDelete = async (row: Row) => {
    setProblem(null);
    try {
      const refusal = await refusalOf(row);
      if (refusal) return setProblem(deleteFailed(refusal));
    } catch (e) {
      return setProblem(deleteFailed(errorMessage(tr, e)));
    }
    setConfirm({
      title: tr('admin.common.delete'),
      message: tr('admin.common.deleteConfirm', { name: name(row) }),
      label: tr('admin.common.delete'),
      danger: true,
      run: async () => {
        try {
          await deleteRecord(decl, row);
          changed(tr('admin.common.deleted'));
        } catch (e) {
          setProblem(deleteFailed(errorMessage(tr, e)));
        }
      },
    });
  };

  const askBulkDelete = (chosen: readonly Row[]) =>
    setConfirm({
      title: tr('admin.common.bulkDelete'),
      message: tr('admin.common.bulkDeleteConfirm', { count: chosen.length }),
      label: tr('admin.common.delete'),
      danger: true,
      run: async () => {
        const problems: string[] = [];
        let done = 0;
        for (const row of chosen) {
          try {
            const refusal = await refusalOf(row);
            if (refusal) problems.push(`${name(row)}: ${refusal}`);
            else {
              await deleteRecord(decl, row);
              done++;
            }
          } catch (e) {
            problems.push(`${name(row)}: ${errorMessage(tr, e)}`);
          }
        }
        changed(done ? tr('admin.common.bulkDeleted', { count: done }) : undefined);
        if (problems.length) setProblem(deleteFailed(problems.join(' ')));
      },
    });

  const runAction = (action: RowAction, row: Row) => {
    setProblem(null);
    if (action.dialog) return setDialog({ Dialog: action.dialog, row });
    const { form } = action;
    if (form) return setDialog({ Dialog: (props) => <FieldsDialog form={form} {...props} />, row });
    const go = async () => {
      try {
        await action.run?.(row, ctx);
      } catch (e) {
        setProblem(errorMessage(tr, e));
      }
    };
    if (!action.confirm) return void go();
    const { message, values } = action.confirm(row);
    setConfirm({
      title: tr(action.label(row)),
      message: tr(message, values),
      label: tr('admin.common.confirm'),
      danger: action.danger,
      run: go,
    });
  };

  const button = (key: string, label: string, onClick: () => void, danger?: boolean): RowButton => ({
    key,
    label,
    onClick,
    danger,
  });
  const actionsOf = (row: Row): RowButton[] => [
    ...(decl.detail && can(perms.detail ?? perms.view)
      ? [button('detail', tr('admin.common.detail'), () => setDetail(row))]
      : []),
    ...(decl.fields && perms.edit && can(perms.edit) && changeable(row)
      ? [button('edit', tr('admin.common.edit'), () => setForm({ mode: 'edit', row }))]
      : []),
    ...(decl.actions ?? [])
      .filter((a) => can(a.permission) && (a.visible?.(row) ?? true))
      .map((a) => button(a.key, tr(a.label(row)), () => runAction(a, row), a.danger)),
    ...(canDelete && changeable(row)
      ? [button('delete', tr('admin.common.delete'), () => void askDelete(row), true)]
      : []),
  ];

  return {
    name,
    canDelete,
    canAdd: Boolean(decl.fields && perms.add && can(perms.add)),
    actionsOf,
    create: () => setForm({ mode: 'create' }),
    askBulkDelete,
    problem,
    dismissProblem: () => setProblem(null),
    overlays: { form, setForm, detail, setDetail, confirm, setConfirm, dialog, setDialog },
  };
}

export type ListActions = ReturnType<typeof useListActions>;

/** The create/edit drawer, the detail drawer, the confirm and a row action's dialog, whichever is open. */
export function ListOverlays(props: {
  decl: ResourceDecl;
  actions: ListActions;
  changed: (message?: string) => void;
}) {
  const tr = useTr();
  const { decl, changed } = props;
  const { form, setForm, detail, setDetail, confirm, setConfirm, dialog, setDialog } = props.actions.overlays;
  return (
    <>
      {form ? (
        <ResourceFormDrawer
          decl={decl}
          mode={form.mode}
          row={form.row}
          open
          onClose={() => setForm(null)}
          onSaved={(message) => {
            setForm(null);
            changed(message);
          }}
        />
      ) : null}
      {decl.detail ? <ResourceDetailDrawer decl={decl} row={detail} onClose={() => setDetail(null)} /> : null}
      {confirm ? (
        <ConfirmDialog
          open
          title={confirm.title}
          message={confirm.message}
          confirmLabel={confirm.label}
          cancelLabel={tr('admin.common.cancel')}
          danger={confirm.danger}
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            await confirm.run();
            setConfirm(null);
          }}
        />
      ) : null}
      {dialog ? (
        <dialog.Dialog
          row={dialog.row}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            changed(message);
          }}
        />
      ) : null}
    </>
  );
}
