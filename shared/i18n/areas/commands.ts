/** Remote commands: server answers, validation and audit titles (the command screens add their own). */
import { area } from '../area.ts';

export const commands = area(
  {
    commandRes: {
      audit: { send: 'Send command' },
      validation: {
        range: 'The value is out of range',
        ascii: 'Only printable ASCII characters',
        configKey: 'A key such as HeartbeatInterval (OCPP 2.0.1: Component/Variable)',
        option: 'Choose one of the offered values',
        unknownCommand: 'Unknown command',
        connectorRequired: 'Please select a connector of this charging pile first',
      },
      server: {
        issued: 'Command issued successfully, please check the result',
        pileOffline: 'Pile offline',
        notInVersion: 'This command does not exist in OCPP {{version}}',
        noSession: 'There is no charging session on this connector',
        invalidForCharger: 'The command is not valid for this charger: {{reason}}',
        pending: 'Another command is still pending on this connector: wait for its result',
      },
    },
  },
  {
    'zh-CN': {
      commandRes: {
        audit: { send: '发送指令' },
        validation: {
          range: '数值超出范围',
          ascii: '只能使用可打印的 ASCII 字符',
          configKey: '例如 HeartbeatInterval 的键（OCPP 2.0.1：组件/变量）',
          option: '请从给定的值中选择',
          unknownCommand: '未知指令',
          connectorRequired: '请先选择该充电桩的充电枪',
        },
        server: {
          issued: '指令下发成功，请查看结果',
          pileOffline: '充电桩离线',
          notInVersion: 'OCPP {{version}} 中没有此指令',
          noSession: '该充电枪上没有充电会话',
          invalidForCharger: '该指令对此充电桩无效：{{reason}}',
          pending: '该充电枪上还有指令未完成：请等待其结果',
        },
      },
    },
    'zh-TW': {
      commandRes: {
        audit: { send: '發送指令' },
        validation: {
          range: '數值超出範圍',
          ascii: '只能使用可列印的 ASCII 字元',
          configKey: '例如 HeartbeatInterval 的鍵（OCPP 2.0.1：元件/變數）',
          option: '請從提供的值中選擇',
          unknownCommand: '未知指令',
          connectorRequired: '請先選擇此充電樁的充電槍',
        },
        server: {
          issued: '指令下發成功，請查看結果',
          pileOffline: '充電樁離線',
          notInVersion: 'OCPP {{version}} 中沒有此指令',
          noSession: '此充電槍上沒有充電工作階段',
          invalidForCharger: '此指令對此充電樁無效：{{reason}}',
          pending: '此充電槍上還有指令未完成：請等待其結果',
        },
      },
    },
    de: {
      commandRes: {
        audit: { send: 'Befehl senden' },
        validation: {
          range: 'Der Wert liegt außerhalb des Bereichs',
          ascii: 'Nur druckbare ASCII-Zeichen',
          configKey: 'Ein Schlüssel wie HeartbeatInterval (OCPP 2.0.1: Komponente/Variable)',
          option: 'Wählen Sie einen der angebotenen Werte',
          unknownCommand: 'Unbekannter Befehl',
          connectorRequired: 'Bitte wählen Sie zuerst einen Anschluss dieser Ladesäule',
        },
        server: {
          issued: 'Befehl erfolgreich gesendet, bitte prüfen Sie das Ergebnis',
          pileOffline: 'Ladesäule offline',
          notInVersion: 'Diesen Befehl gibt es in OCPP {{version}} nicht',
          noSession: 'An diesem Anschluss läuft kein Ladevorgang',
          invalidForCharger: 'Der Befehl ist für diese Ladesäule ungültig: {{reason}}',
          pending: 'An diesem Anschluss ist noch ein Befehl offen: warten Sie auf sein Ergebnis',
        },
      },
    },
    th: {
      commandRes: {
        audit: { send: 'ส่งคำสั่ง' },
        validation: {
          range: 'ค่าอยู่นอกช่วง',
          ascii: 'ใช้ได้เฉพาะอักขระ ASCII ที่พิมพ์ได้',
          configKey: 'คีย์ เช่น HeartbeatInterval (OCPP 2.0.1: คอมโพเนนต์/ตัวแปร)',
          option: 'เลือกหนึ่งในค่าที่มีให้',
          unknownCommand: 'ไม่รู้จักคำสั่งนี้',
          connectorRequired: 'กรุณาเลือกหัวชาร์จของตู้ชาร์จนี้ก่อน',
        },
        server: {
          issued: 'ส่งคำสั่งสำเร็จ โปรดตรวจสอบผลลัพธ์',
          pileOffline: 'ตู้ชาร์จออฟไลน์',
          notInVersion: 'ไม่มีคำสั่งนี้ใน OCPP {{version}}',
          noSession: 'ไม่มีการชาร์จบนหัวชาร์จนี้',
          invalidForCharger: 'คำสั่งนี้ใช้กับตู้ชาร์จนี้ไม่ได้: {{reason}}',
          pending: 'ยังมีคำสั่งค้างอยู่บนหัวชาร์จนี้: รอผลลัพธ์ก่อน',
        },
      },
    },
  },
);
