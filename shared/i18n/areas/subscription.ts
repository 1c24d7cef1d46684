/** Company subscriptions (issue 8), server side: validation and refusal texts of plans and payments. */
import { area } from '../area.ts';

export const subscription = area(
  {
    subscriptionRes: {
      validation: {
        price: 'Enter an amount with at most two decimals',
        percent: 'Enter a percentage from 0 to 100 with at most two decimals',
        connectors: 'Enter a whole number from 0 to 2000',
        basicNoDc: 'Basic covers AC connectors only: the DC count must be 0',
        planOrNumber: 'Choose a plan or enter an order number',
      },
    },
  },
  {
    'zh-CN': {
      subscriptionRes: {
        validation: {
          price: '请输入最多两位小数的金额',
          percent: '请输入 0 到 100 之间、最多两位小数的百分比',
          connectors: '请输入 0 到 2000 之间的整数',
          basicNoDc: '基础版仅支持交流枪：直流数量必须为 0',
          planOrNumber: '请选择套餐或输入订单号',
        },
      },
    },
    'zh-TW': {
      subscriptionRes: {
        validation: {
          price: '請輸入最多兩位小數的金額',
          percent: '請輸入 0 到 100 之間、最多兩位小數的百分比',
          connectors: '請輸入 0 到 2000 之間的整數',
          basicNoDc: '基礎版僅支援交流槍：直流數量必須為 0',
          planOrNumber: '請選擇方案或輸入訂單號',
        },
      },
    },
    de: {
      subscriptionRes: {
        validation: {
          price: 'Geben Sie einen Betrag mit höchstens zwei Nachkommastellen ein',
          percent: 'Geben Sie einen Prozentsatz von 0 bis 100 mit höchstens zwei Nachkommastellen ein',
          connectors: 'Geben Sie eine ganze Zahl von 0 bis 2000 ein',
          basicNoDc: 'Basic umfasst nur AC-Anschlüsse: die DC-Anzahl muss 0 sein',
          planOrNumber: 'Wählen Sie einen Tarif oder geben Sie eine Bestellnummer ein',
        },
      },
    },
    th: {
      subscriptionRes: {
        validation: {
          price: 'กรอกจำนวนเงินที่มีทศนิยมไม่เกินสองตำแหน่ง',
          percent: 'กรอกเปอร์เซ็นต์ 0 ถึง 100 ที่มีทศนิยมไม่เกินสองตำแหน่ง',
          connectors: 'กรอกจำนวนเต็มตั้งแต่ 0 ถึง 2000',
          basicNoDc: 'แพ็กเกจ Basic รองรับเฉพาะหัวชาร์จ AC: จำนวน DC ต้องเป็น 0',
          planOrNumber: 'เลือกแพ็กเกจหรือกรอกหมายเลขคำสั่งซื้อ',
        },
      },
    },
  },
);
