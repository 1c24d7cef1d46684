/** Names of declared resources (audit titles, messages) and the generic Excel export and import. */
import { area } from '../area.ts';

export const resources = area(
  {
    resources: {
      parameter: 'parameter',
      totalCapped:
        'At least {{total}} records match (counting stopped there): narrow the filter for an exact total.',
      truncated:
        'Only the first 20,000 records per company were searched: narrow the filter to see every match.',
      io: {
        export: 'Export',
        exportQueued: 'Export started',
        exportWhere: 'The file appears under File export when it is ready.',
        exportFailed: 'The export could not be started',
        import: 'Import',
        importTitle: 'Import {{what}}',
        importHelp:
          'Download the template, fill in one row per record (the first row names the fields), then upload it. Each row is checked like the form; refused rows are listed with the reason.',
        template: 'Download template',
        templateFailed: 'The template could not be downloaded',
        file: 'Excel file (.xlsx)',
        chooseFile: 'Please choose a file to import',
        upload: 'Upload',
        close: 'Close',
        importFailed: 'The import failed',
        result: '{{success}} of {{total}} rows imported',
        row: 'Row',
        reason: 'Reason',
      },
    },
  },
  {
    'zh-CN': {
      resources: {
        parameter: '参数',
        totalCapped: '至少有 {{total}} 条记录匹配（计数到此为止）：请缩小筛选范围以获得准确总数。',
        truncated: '每个公司仅检索了前 20,000 条记录：请缩小筛选范围以查看全部匹配项。',
        io: {
          export: '导出',
          exportQueued: '导出已开始',
          exportWhere: '文件就绪后会出现在“文件导出”中。',
          exportFailed: '无法开始导出',
          import: '导入',
          importTitle: '导入{{what}}',
          importHelp:
            '请先下载模板，每行填写一条记录（第一行为字段名），然后上传。每一行都按表单规则校验，未通过的行会列出原因。',
          template: '下载模板',
          templateFailed: '模板下载失败',
          file: 'Excel 文件（.xlsx）',
          chooseFile: '请选择要导入的文件',
          upload: '上传',
          close: '关闭',
          importFailed: '导入失败',
          result: '已导入 {{success}} / {{total}} 行',
          row: '行',
          reason: '原因',
        },
      },
    },
    'zh-TW': {
      resources: {
        parameter: '參數',
        totalCapped: '至少有 {{total}} 筆記錄符合（計數到此為止）：請縮小篩選範圍以取得準確總數。',
        truncated: '每家公司僅檢索了前 20,000 筆記錄：請縮小篩選範圍以查看所有符合項目。',
        io: {
          export: '匯出',
          exportQueued: '匯出已開始',
          exportWhere: '檔案完成後會出現在「檔案匯出」中。',
          exportFailed: '無法開始匯出',
          import: '匯入',
          importTitle: '匯入{{what}}',
          importHelp:
            '請先下載範本，每列填寫一筆記錄（第一列為欄位名稱），然後上傳。每一列都依表單規則檢查，未通過的列會列出原因。',
          template: '下載範本',
          templateFailed: '範本下載失敗',
          file: 'Excel 檔案（.xlsx）',
          chooseFile: '請選擇要匯入的檔案',
          upload: '上傳',
          close: '關閉',
          importFailed: '匯入失敗',
          result: '已匯入 {{success}} / {{total}} 列',
          row: '列',
          reason: '原因',
        },
      },
    },
    de: {
      resources: {
        parameter: 'Parameter',
        totalCapped:
          'Mindestens {{total}} Datensätze passen (weiter wurde nicht gezählt): grenzen Sie den Filter für eine genaue Summe ein.',
        truncated:
          'Je Unternehmen wurden nur die ersten 20.000 Datensätze durchsucht: Grenzen Sie den Filter ein, um alle Treffer zu sehen.',
        io: {
          export: 'Exportieren',
          exportQueued: 'Export gestartet',
          exportWhere: 'Die Datei erscheint unter „Dateiexport“, sobald sie fertig ist.',
          exportFailed: 'Der Export konnte nicht gestartet werden',
          import: 'Importieren',
          importTitle: '{{what}} importieren',
          importHelp:
            'Laden Sie die Vorlage herunter, füllen Sie je Datensatz eine Zeile aus (die erste Zeile nennt die Felder) und laden Sie sie hoch. Jede Zeile wird wie das Formular geprüft; abgelehnte Zeilen werden mit Grund aufgeführt.',
          template: 'Vorlage herunterladen',
          templateFailed: 'Die Vorlage konnte nicht heruntergeladen werden',
          file: 'Excel-Datei (.xlsx)',
          chooseFile: 'Bitte wählen Sie eine Datei zum Importieren',
          upload: 'Hochladen',
          close: 'Schließen',
          importFailed: 'Der Import ist fehlgeschlagen',
          result: '{{success}} von {{total}} Zeilen importiert',
          row: 'Zeile',
          reason: 'Grund',
        },
      },
    },
    th: {
      resources: {
        parameter: 'พารามิเตอร์',
        totalCapped: 'มีอย่างน้อย {{total}} รายการที่ตรงกัน (หยุดนับที่จำนวนนี้): โปรดจำกัดตัวกรองให้แคบลงเพื่อดูจำนวนที่แน่นอน',
        truncated: 'ค้นหาเฉพาะ 20,000 รายการแรกของแต่ละบริษัท: โปรดจำกัดตัวกรองให้แคบลงเพื่อดูผลลัพธ์ทั้งหมด',
        io: {
          export: 'ส่งออก',
          exportQueued: 'เริ่มการส่งออกแล้ว',
          exportWhere: 'ไฟล์จะปรากฏในหน้าการส่งออกไฟล์เมื่อพร้อม',
          exportFailed: 'ไม่สามารถเริ่มการส่งออกได้',
          import: 'นำเข้า',
          importTitle: 'นำเข้า{{what}}',
          importHelp:
            'ดาวน์โหลดแม่แบบ กรอกหนึ่งแถวต่อหนึ่งรายการ (แถวแรกคือชื่อฟิลด์) แล้วอัปโหลด ทุกแถวจะถูกตรวจสอบเหมือนแบบฟอร์ม แถวที่ถูกปฏิเสธจะแสดงพร้อมเหตุผล',
          template: 'ดาวน์โหลดแม่แบบ',
          templateFailed: 'ดาวน์โหลดแม่แบบไม่สำเร็จ',
          file: 'ไฟล์ Excel (.xlsx)',
          chooseFile: 'โปรดเลือกไฟล์ที่จะนำเข้า',
          upload: 'อัปโหลด',
          close: 'ปิด',
          importFailed: 'การนำเข้าล้มเหลว',
          result: 'นำเข้า {{success}} จาก {{total}} แถว',
          row: 'แถว',
          reason: 'เหตุผล',
        },
      },
    },
  },
);
